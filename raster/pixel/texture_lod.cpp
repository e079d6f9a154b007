// SPDX-License-Identifier: MIT
#include "raster/pixel/texture_lod.h"

namespace refrast {

// One declaration per compiled width (texture_lod_<level>.cpp).
#define REFRAST_DECLARE_TEXTURE_LOD(ns)                                                                         \
    namespace ns {                                                                                              \
    void tiledStageSpan(const Texture&, const SamplerState&, const float*, const float*, float, int, SpanMask, \
                        SampleSpan&, TextureLod*);                                                              \
    }
REFRAST_DECLARE_TEXTURE_LOD(lanes_scalar)
REFRAST_DECLARE_TEXTURE_LOD(lanes_sse)
REFRAST_DECLARE_TEXTURE_LOD(lanes_avx2)
REFRAST_DECLARE_TEXTURE_LOD(lanes_avx512)
#undef REFRAST_DECLARE_TEXTURE_LOD

void tiledStageSpan(SimdLevel level, const Texture& texture, const SamplerState& sampler, const float* u,
                    const float* v, float tiling, int quads, SpanMask pixels, SampleSpan& uv,
                    TextureLod lod[kSpanQuads]) {
    switch (level) {
        case SimdLevel::Scalar: return lanes_scalar::tiledStageSpan(texture, sampler, u, v, tiling, quads, pixels, uv, lod);
        case SimdLevel::Sse: return lanes_sse::tiledStageSpan(texture, sampler, u, v, tiling, quads, pixels, uv, lod);
        case SimdLevel::Avx2: return lanes_avx2::tiledStageSpan(texture, sampler, u, v, tiling, quads, pixels, uv, lod);
        case SimdLevel::Avx512:
            return lanes_avx512::tiledStageSpan(texture, sampler, u, v, tiling, quads, pixels, uv, lod);
    }
}

}  // namespace refrast
