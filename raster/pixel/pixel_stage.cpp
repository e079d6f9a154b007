// SPDX-License-Identifier: MIT
#include "raster/pixel/pixel_stage.h"

#include "raster/lanes/simd_level.h"
#include "raster/pixel/stage_sampling.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace refrast {

namespace {

// The interpolated inputs of the span's pixels, where they are; varyings
// the layout lacks are never read for this draw (pixelReads) and take
// PixelInputs' defaults.
void pointPixelInputs(const VaryingLayout& layout, const QuadSpan& s, FragmentSpan& span) {
    for (int c = 0; c < 4; ++c) {
        span.diffuse[c] = s.plane[VaryingLayout::kDiffuse + c];
        span.specular[c] = layout.specular >= 0 ? s.plane[layout.specular + c] : kZeroPlane;
    }
    span.depthZ = s.z;  // window depth before clamping (§7.4)
    span.viewDepth = layout.eyeDepth >= 0 ? s.plane[layout.eyeDepth] : kZeroPlane;
    // Eye depth, or clip w (1/rhw for XYZRHW) when the layout has it.
    span.depthW = layout.clipW >= 0 ? s.plane[layout.clipW] : layout.eyeDepth >= 0 ? s.plane[layout.eyeDepth] : kOnePlane;
    // The fog varying: the PERVERTEX factor or the PERPIXEL distance.
    span.vertexFactor = layout.fog >= 0 ? s.plane[layout.fog] : kOnePlane;
    span.vertexDistance = layout.fog >= 0 ? s.plane[layout.fog] : kZeroPlane;
}

// Reused by every span of the thread: its texture planes are written only for
// the stages that sample, and the kernel reads only those.
FragmentSpan& threadSpan() {
    thread_local FragmentSpan span;
    return span;
}

}  // namespace

alignas(64) const float kZeroPlane[kSpanPixels] = {};
namespace {
alignas(64) constexpr std::array<float, kSpanPixels> kOnePlaneValues = [] {
    std::array<float, kSpanPixels> ones{};
    ones.fill(1.0f);
    return ones;
}();
}  // namespace
const float* const kOnePlane = kOnePlaneValues.data();

void shadeQuads(const DrawContext& ctx, QuadSpan& quads, SpanMask pixels, ColorPlanes& color) {
    const PixelState& state = ctx.draw->state.pixel;
    FragmentSpan& span = threadSpan();
    span.count = quads.pixels();
    pointPixelInputs(ctx.vertices.layout, quads, span);
    if (ctx.shading.helperPixels) {
        sampleStages(state, *ctx.textures, ctx.vertices.layout, quads, pixels, ctx.shading.boundStages, span.texture,
                     ctx.ambiguity);
    }
    shadeSpan(spanSimdLevel(span.count), state, ctx.shading, span, color);
}

Rgba shadePixel(const DrawContext& ctx, QuadSpan& quad, int k) {
    varyingPlanes(quad, ctx.vertices.layout.count);
    ColorPlanes color;
    shadeQuads(ctx, quad, SpanMask(1u << k), color);
    return color.at(k);
}

}  // namespace refrast
