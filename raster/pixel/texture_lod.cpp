// SPDX-License-Identifier: MIT
#include "raster/pixel/texture_lod.h"

namespace refrast {

// One declaration per compiled width (texture_lod_<level>.cpp).
#define REFRAST_DECLARE_TEXTURE_LOD(ns)                                                                         \
    namespace ns {                                                                                              \
    void tiledStageSpan(const Texture&, const SamplerState&, const float*, const float*, float, int,           \
                        SampleSpan&, SpanLods&);                                                                \
    }
REFRAST_DECLARE_TEXTURE_LOD(lanes_scalar)
REFRAST_DECLARE_TEXTURE_LOD(lanes_sse)
REFRAST_DECLARE_TEXTURE_LOD(lanes_avx2)
REFRAST_DECLARE_TEXTURE_LOD(lanes_avx512)
#undef REFRAST_DECLARE_TEXTURE_LOD

void tiledStageSpan(SimdLevel level, const Texture& texture, const SamplerState& sampler, const float* u,
                    const float* v, float tiling, int quads, SpanMask pixels, SampleSpan& uv,
                    SpanLods& lod) {
    switch (level) {
        case SimdLevel::Scalar: lanes_scalar::tiledStageSpan(texture, sampler, u, v, tiling, quads, uv, lod); break;
        case SimdLevel::Sse: lanes_sse::tiledStageSpan(texture, sampler, u, v, tiling, quads, uv, lod); break;
        case SimdLevel::Avx2: lanes_avx2::tiledStageSpan(texture, sampler, u, v, tiling, quads, uv, lod); break;
        case SimdLevel::Avx512: lanes_avx512::tiledStageSpan(texture, sampler, u, v, tiling, quads, uv, lod); break;
    }
    shareSampledSelections(lod, quads, pixels);
}

}  // namespace refrast
