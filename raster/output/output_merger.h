// SPDX-License-Identifier: MIT
// The output merger for one fragment: alpha test, stencil and depth tests
// with their writes, blending and the colour write mask, in the order of
// fixed-function reference §0 steps 6-8.
#pragma once

#include "raster/draw_context.h"
#include "raster/framebuffer.h"
#include "raster/output/color_write.h"
#include "raster/pixel/pixel_stage.h"

namespace refrast {

struct FragmentOut {
    int x, y;
    float z;          // window depth before clamping
    Rgba color;
    bool frontFacing;
};

// The whole merger for one shaded fragment, in D3D9 order.
void mergeFragment(const DrawContext& ctx, uint32_t drawIndex, const FragmentOut& f, Framebuffer& fb);

// Without the alpha test nothing after the pixel stage discards a fragment and
// the stencil/depth outcome does not depend on its colour, so the merger can
// run in two halves around shading: the same tests and writes, and pixels that
// fail are never shaded.
inline bool depthStencilBeforeShading(const DrawState& s) { return !s.pixel.alphaTest.enable; }

// First half, for the pixels `live` of a span of quads of one triangle
// (window depth span.z): stencil and depth tests with their writes; returns
// the pixels that survive. Over lanes (depthStencilSpan) unless the ambiguity
// map probes each pixel's test.
SpanMask mergeDepthStencil(const DrawState& s, const QuadSpan& span, SpanMask live, bool frontFacing, Framebuffer& fb);

// Second half, for the survivors `live` of a span of quads (colour p of span
// pixel p): blend, colour write mask, draw-id and overdraw; on 8-bit targets
// through the span kernel (writeColorSpan) with the draw's plan. The quads
// of a span never share a pixel, so the order of their writes cannot matter.
// `recordWrites` false: the draw-id and overdraw were recorded when the
// fragments survived (hidden-surface removal's depth-only pass).
void mergeColor(const DrawState& s, const ShadingPlan& plan, uint32_t drawIndex, const QuadSpan& span, SpanMask live,
                const ColorPlanes& color, Framebuffer& fb, bool recordWrites = true);

// The draw-id and overdraw records of the live fragments of a span (no-op
// when the framebuffer keeps no draw records).
void recordFragmentWrites(uint32_t drawIndex, const QuadSpan& span, SpanMask live, Framebuffer& fb);

}  // namespace refrast
