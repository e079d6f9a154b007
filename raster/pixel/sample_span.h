// SPDX-License-Identifier: MIT
// Filtering a span of pixels at one mip selection: the texel addressing,
// bilinear weights, texel fetch and decode of sampleTextureLod for up to
// kSpanPixels pixels at once, written once over lanes (raster/lanes/lanes.h)
// in sample_span.inl and compiled for every SIMD level. Every level gives
// the bits of the scalar one, which is the definition (docs/textures.md T-6..T-11).
#pragma once

#include "raster/lanes/simd_level.h"
#include "raster/pixel/sampler.h"

namespace refrast {

// The widest lane count: spans are padded to it, so a kernel loads whole
// lane groups (pixels past `count` are computed and ignored).
constexpr int kSpanPixels = 16;

struct SampleSpan {
    int count = 0;
    alignas(64) float u[kSpanPixels] = {};
    alignas(64) float v[kSpanPixels] = {};
};

struct SampledSpan {
    alignas(64) float r[kSpanPixels], g[kSpanPixels], b[kSpanPixels], a[kSpanPixels];
    Rgba at(int k) const { return {r[k], g[k], b[k], a[k]}; }
};

// sampleTextureLod of pixel k at (u[k], v[k]) into out at k, for k < in.count,
// at the process's SIMD level (simdLevel()) or at `level`.
void sampleSpan(const Texture& texture, const SamplerState& sampler, const TextureLod& lod, const SampleSpan& in,
                SampledSpan& out);
void sampleSpan(SimdLevel level, const Texture& texture, const SamplerState& sampler, const TextureLod& lod,
                const SampleSpan& in, SampledSpan& out);

}  // namespace refrast
