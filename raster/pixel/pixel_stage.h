// SPDX-License-Identifier: MIT
// The pixel stage: from interpolated varyings to the fragment colours that the
// output merger receives (texture sampling, texture-stage cascade, specular
// add, fog), in the order of fixed-function reference §0 steps 2-5.
#pragma once

#include "raster/draw_context.h"
#include "raster/pixel/rgba.h"
#include "raster/pixel/shade_span.h"
#include "raster/rasterize/interpolate.h"

#include <cstdint>

namespace refrast {

// Colours of the span pixels in `pixels` into color at p (the others are
// computed from stale inputs and ignored), through the span kernel at the
// process's SIMD level. When the draw samples textures, pixels 0, 1 and 2 of
// every quad with a pixel in `pixels` must hold varyings (the derivatives).
void shadeQuads(const DrawContext& ctx, QuadSpan& span, SpanMask pixels, ColorPlanes& color);

// Colour of pixel `k` of the span's one quad alone, from the per-pixel varyings (lines, points).
Rgba shadePixel(const DrawContext& ctx, QuadSpan& quad, int k);

}  // namespace refrast
