// SPDX-License-Identifier: MIT
// FILLMODE POINT and WIREFRAME: a triangle's vertices as one-pixel points,
// its edges as one-pixel-wide aliased lines.
// Spec: D3DFILLMODE; culling happens first (D3D9 culls by the triangle's
// winding before the fill mode applies). D3D9's documentation does not pin
// down aliased line pixels; refrast uses the major-axis rule written in
// docs/fixed-function.md §2.4 (rule R-16) and says so.
#pragma once

#include "raster/draw_context.h"
#include "raster/framebuffer.h"
#include "raster/primitive/setup.h"

namespace refrast {

void rasterizePoint(const DrawContext& ctx, const SetupTriangle& t, const PixelBounds& tile, Framebuffer& fb);
void rasterizeLine(const DrawContext& ctx, const SetupTriangle& t, const PixelBounds& tile, Framebuffer& fb);

}  // namespace refrast
