// SPDX-License-Identifier: MIT
#include "raster/output/depth_stencil_span.h"

namespace refrast {

// One declaration per compiled width (depth_stencil_span_<level>.cpp).
#define REFRAST_DECLARE_DEPTH_STENCIL_SPAN(ns)                                                              \
    namespace ns {                                                                                          \
    SpanMask depthStencilSpan(const DepthState&, const StencilState&, bool, const QuadSpan&, SpanMask,      \
                              const DepthStencilPlanes&);                                                   \
    }
REFRAST_DECLARE_DEPTH_STENCIL_SPAN(lanes_scalar)
REFRAST_DECLARE_DEPTH_STENCIL_SPAN(lanes_sse)
REFRAST_DECLARE_DEPTH_STENCIL_SPAN(lanes_avx2)
REFRAST_DECLARE_DEPTH_STENCIL_SPAN(lanes_avx512)
#undef REFRAST_DECLARE_DEPTH_STENCIL_SPAN

SpanMask depthStencilSpan(SimdLevel level, const DepthState& depth, const StencilState& stencil, bool frontFacing,
                          const QuadSpan& span, SpanMask live, const DepthStencilPlanes& planes) {
    switch (level) {
        case SimdLevel::Scalar: return lanes_scalar::depthStencilSpan(depth, stencil, frontFacing, span, live, planes);
        case SimdLevel::Sse: return lanes_sse::depthStencilSpan(depth, stencil, frontFacing, span, live, planes);
        case SimdLevel::Avx2: return lanes_avx2::depthStencilSpan(depth, stencil, frontFacing, span, live, planes);
        case SimdLevel::Avx512: return lanes_avx512::depthStencilSpan(depth, stencil, frontFacing, span, live, planes);
    }
    return 0;
}

}  // namespace refrast
