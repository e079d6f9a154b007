// SPDX-License-Identifier: MIT
// Filtering a span of pixels at each quad's mip selection: the texel addressing,
// bilinear weights, texel fetch and decode of sampleTextureLod for up to
// kSpanPixels pixels at once, written once over lanes (raster/lanes/lanes.h)
// in sample_span.inl and compiled for every SIMD level. Every level gives
// the bits of the scalar one, which is the definition (docs/textures.md T-6..T-11).
#pragma once

#include "raster/lanes/simd_level.h"
#include "raster/lanes/span.h"
#include "raster/pixel/sampler.h"

namespace refrast {

struct SampleSpan {
    int count = 0;
    alignas(64) float u[kSpanPixels] = {};
    alignas(64) float v[kSpanPixels] = {};
};

struct SampledSpan {
    alignas(64) float r[kSpanPixels], g[kSpanPixels], b[kSpanPixels], a[kSpanPixels];
    Rgba at(int k) const { return {r[k], g[k], b[k], a[k]}; }
};

// Where a span's samples go: four channel planes of kSpanPixels floats (a
// SampledSpan's, or a stage's texel planes, so the stage sampling copies none).
struct SampledPlanes {
    float *r, *g, *b, *a;
};

// sampleTextureLod of pixel p at (u[p], v[p]) into out at p, for p < in.count,
// at the mip selection lod[p / 4] of its quad (D3D9's derivatives, and so λ,
// are per quad), at `level`. Each lane filters at its own quad's selection;
// a lane group whose quads select differently (only at 8 and 16 lanes)
// filters once per distinct selection and keeps each lane's own.
void sampleSpan(SimdLevel level, const Texture& texture, const SamplerState& sampler,
                const TextureLod lod[kSpanQuads], const SampleSpan& in, const SampledPlanes& out);
void sampleSpan(SimdLevel level, const Texture& texture, const SamplerState& sampler,
                const TextureLod lod[kSpanQuads], const SampleSpan& in, SampledSpan& out);
// The same with one selection for the whole span, at the process's SIMD
// level (simdLevel()) or at `level`.
void sampleSpan(const Texture& texture, const SamplerState& sampler, const TextureLod& lod, const SampleSpan& in,
                SampledSpan& out);
void sampleSpan(SimdLevel level, const Texture& texture, const SamplerState& sampler, const TextureLod& lod,
                const SampleSpan& in, SampledSpan& out);

}  // namespace refrast
