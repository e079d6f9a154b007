// SPDX-License-Identifier: MIT
#include "raster/pixel/sample_span.h"

#include <bit>

namespace refrast {

// One declaration per compiled width (sample_span_<level>.cpp).
#define REFRAST_DECLARE_SAMPLE_SPAN(ns)                                                                 \
    namespace ns {                                                                                      \
    void sampleSpan(const Texture&, const SamplerState&, const SpanLods&, const SampleSpan&,           \
                    const SampledPlanes&);                                                              \
    }
REFRAST_DECLARE_SAMPLE_SPAN(lanes_scalar)
REFRAST_DECLARE_SAMPLE_SPAN(lanes_sse)
REFRAST_DECLARE_SAMPLE_SPAN(lanes_avx2)
REFRAST_DECLARE_SAMPLE_SPAN(lanes_avx512)
#undef REFRAST_DECLARE_SAMPLE_SPAN

void shareSampledSelections(SpanLods& lod, int quads, SpanMask pixels) {
    // Bit 4q of `sampled`: quad q has a pixel to sample.
    constexpr SpanMask kQuadBit0 = 0x1111111111111111u;
    const SpanMask expected = kQuadBit0 & allQuads(quads);
    const SpanMask sampled = (pixels | pixels >> 1 | pixels >> 2 | pixels >> 3) & expected;
    if (sampled == expected) return;  // every quad: the common span
    const TextureLod first = sampled ? lod.at(std::countr_zero(sampled) / 4) : TextureLod{};
    for (int q = 0; q < quads; ++q)
        if (!quadBits(pixels, q)) lod.set(q, first);
}

void sampleSpan(SimdLevel level, const Texture& texture, const SamplerState& sampler,
                const SpanLods& lod, const SampleSpan& in, const SampledPlanes& out) {
    switch (level) {
        case SimdLevel::Scalar: return lanes_scalar::sampleSpan(texture, sampler, lod, in, out);
        case SimdLevel::Sse: return lanes_sse::sampleSpan(texture, sampler, lod, in, out);
        case SimdLevel::Avx2: return lanes_avx2::sampleSpan(texture, sampler, lod, in, out);
        case SimdLevel::Avx512: return lanes_avx512::sampleSpan(texture, sampler, lod, in, out);
    }
}

void sampleSpan(SimdLevel level, const Texture& texture, const SamplerState& sampler,
                const SpanLods& lod, const SampleSpan& in, SampledSpan& out) {
    sampleSpan(level, texture, sampler, lod, in, SampledPlanes{out.r, out.g, out.b, out.a});
}

void sampleSpan(SimdLevel level, const Texture& texture, const SamplerState& sampler, const TextureLod& lod,
                const SampleSpan& in, SampledSpan& out) {
    SpanLods each;  // one selection per quad, the same for all
    for (int q = 0; q < kSpanQuads; ++q) each.set(q, lod);
    sampleSpan(level, texture, sampler, each, in, out);
}

void sampleSpan(const Texture& texture, const SamplerState& sampler, const TextureLod& lod, const SampleSpan& in,
                SampledSpan& out) {
    sampleSpan(simdLevel(), texture, sampler, lod, in, out);
}

}  // namespace refrast
