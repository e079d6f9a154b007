// SPDX-License-Identifier: MIT
// Traversal of one set-up triangle inside one tile in 2x2 quads: coverage by
// the edge functions and the fill rule, then interpolation, the pixel stage
// and the output merger for every covered pixel.
#pragma once

#include "raster/draw_context.h"
#include "raster/framebuffer.h"
#include "raster/primitive/setup.h"

namespace refrast {

void rasterizeTriangle(const DrawContext& ctx, const SetupTriangle& t, const PixelRect& tile, Framebuffer& fb);

}  // namespace refrast
