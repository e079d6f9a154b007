// SPDX-License-Identifier: MIT
#include "raster/pixel/sample_span.h"

#include <algorithm>

namespace refrast {

// One declaration per compiled width (sample_span_<level>.cpp).
#define REFRAST_DECLARE_SAMPLE_SPAN(ns)                                                                 \
    namespace ns {                                                                                      \
    void sampleSpan(const Texture&, const SamplerState&, const TextureLod*, const SampleSpan&,         \
                    const SampledPlanes&);                                                              \
    }
REFRAST_DECLARE_SAMPLE_SPAN(lanes_scalar)
REFRAST_DECLARE_SAMPLE_SPAN(lanes_sse)
REFRAST_DECLARE_SAMPLE_SPAN(lanes_avx2)
REFRAST_DECLARE_SAMPLE_SPAN(lanes_avx512)
#undef REFRAST_DECLARE_SAMPLE_SPAN

void sampleSpan(SimdLevel level, const Texture& texture, const SamplerState& sampler,
                const TextureLod lod[kSpanQuads], const SampleSpan& in, const SampledPlanes& out) {
    switch (level) {
        case SimdLevel::Scalar: return lanes_scalar::sampleSpan(texture, sampler, lod, in, out);
        case SimdLevel::Sse: return lanes_sse::sampleSpan(texture, sampler, lod, in, out);
        case SimdLevel::Avx2: return lanes_avx2::sampleSpan(texture, sampler, lod, in, out);
        case SimdLevel::Avx512: return lanes_avx512::sampleSpan(texture, sampler, lod, in, out);
    }
}

void sampleSpan(SimdLevel level, const Texture& texture, const SamplerState& sampler,
                const TextureLod lod[kSpanQuads], const SampleSpan& in, SampledSpan& out) {
    sampleSpan(level, texture, sampler, lod, in, SampledPlanes{out.r, out.g, out.b, out.a});
}

void sampleSpan(SimdLevel level, const Texture& texture, const SamplerState& sampler, const TextureLod& lod,
                const SampleSpan& in, SampledSpan& out) {
    TextureLod each[kSpanQuads];  // one selection per quad, the same for all
    std::fill(each, each + kSpanQuads, lod);
    sampleSpan(level, texture, sampler, each, in, out);
}

void sampleSpan(const Texture& texture, const SamplerState& sampler, const TextureLod& lod, const SampleSpan& in,
                SampledSpan& out) {
    sampleSpan(simdLevel(), texture, sampler, lod, in, out);
}

}  // namespace refrast
