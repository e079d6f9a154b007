// SPDX-License-Identifier: MIT
// Traversal of one set-up triangle inside one tile in 2x2 quads: coverage by
// the edge functions and the fill rule, then interpolation, the pixel stage
// and the output merger for every covered pixel.
#pragma once

#include "raster/draw_context.h"
#include "raster/framebuffer.h"
#include "raster/primitive/setup.h"

namespace refrast {

class TileOwners;

// Which stages a walk of the triangle runs (hidden-surface removal splits
// the whole into its two halves, raster/rasterize/hidden_surface.h).
enum class TrianglePass : uint8_t {
    Whole,      // every stage, in D3D9 order
    DepthOnly,  // stencil and depth with their writes; the survivors become `owner`'s in `owners`
    ColorOnly,  // interpolation, shading and colour write of the pixels `owner` still owns in `owners`,
                // or of every covered pixel when `owners` is null (the triangle lost none)
};

void rasterizeTriangle(const DrawContext& ctx, const SetupTriangle& t, const PixelBounds& tile, Framebuffer& fb,
                       TrianglePass pass = TrianglePass::Whole, TileOwners* owners = nullptr, uint32_t owner = 0);

}  // namespace refrast
