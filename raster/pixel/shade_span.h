// SPDX-License-Identifier: MIT
// The pixel path over a span of pixels (the 2×2 quads of a row): the
// fragment colour of fixedFunctionPixel (material ramp, texture stages,
// specular add, fog, depth fade) and, for 8-bit targets, the blend, encode and
// colour write of the output merger, written once over lanes
// (raster/lanes/lanes.h) in shade_span.inl and compiled for every SIMD level.
// The scalar width is refrast's pixel path (fixedFunctionPixel and the
// scalar stage functions run it at width 1); the others give its bits.
#pragma once

#include "raster/lanes/simd_level.h"
#include "raster/pixel/sample_span.h"
#include "raster/pixel/shading_plan.h"
#include "raster/rasterize/interpolate.h"

#include <cstdint>

namespace refrast {

// Channel planes of kSpanPixels pixels (pixels past a span's count are
// computed and ignored).
struct ColorPlanes {
    alignas(64) float r[kSpanPixels] = {}, g[kSpanPixels] = {}, b[kSpanPixels] = {}, a[kSpanPixels] = {};
    Rgba at(int k) const { return {r[k], g[k], b[k], a[k]}; }
    void set(int k, const Rgba& c) {
        r[k] = c.r;
        g[k] = c.g;
        b[k] = c.b;
        a[k] = c.a;
    }
};

// PixelInputs of a span's pixels, plane by plane.
// The interpolated ones are planes of kSpanPixels floats read where they
// are (QuadSpan::plane, QuadSpan::z) or a constant plane: copying them into
// the kernel's span was a dozen memcpy calls per span.
struct FragmentSpan {
    int count = 0;
    const float* diffuse[4] = {};   // r, g, b, a planes
    const float* specular[4] = {};
    ColorPlanes texture[kMaxTextureStages];  // stage s's texel (the sampler writes them); read only for bound stages
    const float* depthZ = nullptr;          // FogPixelInputs::depthZ
    const float* depthW = nullptr;          // FogPixelInputs::depthW
    const float* vertexFactor = nullptr;    // FogPixelInputs::vertexFactor
    const float* vertexDistance = nullptr;  // FogPixelInputs::vertexDistance
    const float* viewDepth = nullptr;       // PixelInputs::viewDepth
};

// Planes of kSpanPixels copies of 0 and of 1, for the inputs a layout lacks.
extern const float kZeroPlane[kSpanPixels];
extern const float* const kOnePlane;

// fixedFunctionPixel of pixel k into out at k, for k < in.count, with the draw's plan.
void shadeSpan(SimdLevel level, const PixelState& state, const ShadingPlan& plan, const FragmentSpan& in,
               ColorPlanes& out);

// An 8-bit colour target (isEightBitFormat): its pixels as words R | G << 8
// | B << 16 | A << 24 (memory order R, G, B, A), `width` per row.
struct ColorTarget {
    uint32_t* pixels;
    int width;
};

// The colour half of the merger on an 8-bit target for the pixels `live` of
// `span` (colour k of `color` for span pixel k): R-9 saturate, the blend of
// plan.blend on the stored bytes (alpha 1 without a target alpha), R-3
// encode, COLORWRITEENABLE (plan.colorWriteMask) and the store. Pixels not
// live are neither read nor written.
void writeColorSpan(SimdLevel level, const ShadingPlan& plan, bool targetHasAlpha, const ColorPlanes& color,
                    const QuadSpan& span, SpanMask live, const ColorTarget& target);

}  // namespace refrast
