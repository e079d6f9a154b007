// SPDX-License-Identifier: MIT
// The square of a POINTLIST point larger than one pixel, or of a point
// sprite (POINTSPRITEENABLE): every pixel whose sample lies in the square,
// shaded with the point's varyings; a sprite's texture coordinates run from
// (0, 0) at the top-left corner to (1, 1) at the bottom-right for every
// stage. Spec: D3D9 "Point Sprites (Direct3D 9)"; docs/fixed-function.md §2.5.
#pragma once

#include "raster/draw_context.h"
#include "raster/framebuffer.h"
#include "raster/primitive/setup.h"

namespace refrast {

void rasterizeSquare(const DrawContext& ctx, const SetupTriangle& t, const PixelBounds& tile, Framebuffer& fb);

}  // namespace refrast
