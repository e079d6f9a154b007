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

// The mip selections of a span's quads, TextureLod's fields in planes
// (quad q at index q): the mip selection stores them and the span sampler
// compares them a lane group at a time. Not initialised: a producer writes
// quads [0, quads) of its span (tiledStageSpan whole lane groups of its
// level); sampleSpan loads whole lane groups of its own level, which may
// be wider, and masks the quads past the span out of every decision and
// value (so those lanes may hold anything, even never-written bytes).
struct SpanLods {
    alignas(64) int32_t filter[kSpanQuads];  // TextureFilter values
    alignas(64) int32_t level[kSpanQuads];
    alignas(64) int32_t fraction[kSpanQuads];

    TextureLod at(int q) const { return {TextureFilter(filter[q]), level[q], fraction[q]}; }
    void set(int q, const TextureLod& lod) {
        filter[q] = int32_t(lod.filter);
        level[q] = lod.level;
        fraction[q] = lod.fraction;
    }
};

// A quad with no pixel of `pixels` to sample takes the selection of the
// span's first quad with one (TextureLod{} when no quad has one), so that
// sampleSpan makes no view for it: its lanes are filtered and ignored.
void shareSampledSelections(SpanLods& lod, int quads, SpanMask pixels);

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
// at the mip selection lod.at(p / 4) of its quad (D3D9's derivatives, and so λ,
// are per quad), at `level`. Each lane filters at its own quad's selection;
// a lane group whose quads select differently (only at 8 and 16 lanes)
// filters once per distinct selection and keeps each lane's own.
void sampleSpan(SimdLevel level, const Texture& texture, const SamplerState& sampler,
                const SpanLods& lod, const SampleSpan& in, const SampledPlanes& out);
void sampleSpan(SimdLevel level, const Texture& texture, const SamplerState& sampler,
                const SpanLods& lod, const SampleSpan& in, SampledSpan& out);
// The same with one selection for the whole span, at the process's SIMD
// level (simdLevel()) or at `level`.
void sampleSpan(const Texture& texture, const SamplerState& sampler, const TextureLod& lod, const SampleSpan& in,
                SampledSpan& out);
void sampleSpan(SimdLevel level, const Texture& texture, const SamplerState& sampler, const TextureLod& lod,
                const SampleSpan& in, SampledSpan& out);

}  // namespace refrast
