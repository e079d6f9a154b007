// SPDX-License-Identifier: MIT
#include "raster/pixel/shade_span.h"

namespace refrast {

// One declaration per compiled width (shade_span_<level>.cpp).
#define REFRAST_DECLARE_SHADE_SPAN(ns)                                                                     \
    namespace ns {                                                                                         \
    void shadeSpan(const PixelState&, const ShadingPlan&, const FragmentSpan&, ColorPlanes&);              \
    void writeColorSpan(const ShadingPlan&, bool, const ColorPlanes&, const QuadSpan&, SpanMask,           \
                        const ColorTarget&);                                                               \
    }
REFRAST_DECLARE_SHADE_SPAN(lanes_scalar)
REFRAST_DECLARE_SHADE_SPAN(lanes_sse)
REFRAST_DECLARE_SHADE_SPAN(lanes_avx2)
REFRAST_DECLARE_SHADE_SPAN(lanes_avx512)
#undef REFRAST_DECLARE_SHADE_SPAN

void shadeSpan(SimdLevel level, const PixelState& state, const ShadingPlan& plan, const FragmentSpan& in,
               ColorPlanes& out) {
    switch (level) {
        case SimdLevel::Scalar: return lanes_scalar::shadeSpan(state, plan, in, out);
        case SimdLevel::Sse: return lanes_sse::shadeSpan(state, plan, in, out);
        case SimdLevel::Avx2: return lanes_avx2::shadeSpan(state, plan, in, out);
        case SimdLevel::Avx512: return lanes_avx512::shadeSpan(state, plan, in, out);
    }
}

void writeColorSpan(SimdLevel level, const ShadingPlan& plan, bool targetHasAlpha, const ColorPlanes& color,
                    const QuadSpan& span, SpanMask live, const ColorTarget& target) {
    switch (level) {
        case SimdLevel::Scalar: return lanes_scalar::writeColorSpan(plan, targetHasAlpha, color, span, live, target);
        case SimdLevel::Sse: return lanes_sse::writeColorSpan(plan, targetHasAlpha, color, span, live, target);
        case SimdLevel::Avx2: return lanes_avx2::writeColorSpan(plan, targetHasAlpha, color, span, live, target);
        case SimdLevel::Avx512: return lanes_avx512::writeColorSpan(plan, targetHasAlpha, color, span, live, target);
    }
}

}  // namespace refrast
