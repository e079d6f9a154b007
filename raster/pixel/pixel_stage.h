// SPDX-License-Identifier: MIT
// The pixel stage: from interpolated varyings to the fragment colour that the
// output merger receives (texture sampling, texture-stage cascade, specular
// add, fog), in the order of fixed-function reference §0 steps 2-5.
#pragma once

#include "raster/draw_context.h"
#include "raster/rasterize/interpolate.h"

namespace refrast {

struct Rgba {
    float r = 0, g = 0, b = 0, a = 0;
};

// Colour of pixel `k` of the quad (the quad supplies texcoord derivatives).
Rgba shadePixel(const DrawContext& ctx, const QuadFragments& quad, int k);

}  // namespace refrast
