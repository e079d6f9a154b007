// SPDX-License-Identifier: MIT
#include "raster/pixel/pixel_stage.h"

#include "raster/lanes/simd_level.h"
#include "raster/pixel/stage_sampling.h"

#include <algorithm>
#include <cstring>

namespace refrast {

namespace {

// The span's pixels of a plane (or a constant) into the kernel's plane.
void copySpan(float* dst, const float* src, int n) { std::memcpy(dst, src, size_t(n) * sizeof(float)); }
void fillSpan(float* dst, float x, int n) { std::fill(dst, dst + n, x); }
void copySpan(ColorPlanes& dst, const QuadSpan& s, int at) {
    copySpan(dst.r, s.plane[at], s.pixels());
    copySpan(dst.g, s.plane[at + 1], s.pixels());
    copySpan(dst.b, s.plane[at + 2], s.pixels());
    copySpan(dst.a, s.plane[at + 3], s.pixels());
}

// The interpolated inputs of the span's pixels into the kernel's span;
// varyings the layout lacks are never read for this draw (pixelReads) and
// take PixelInputs' defaults.
void fillPixelInputs(const VaryingLayout& layout, const QuadSpan& s, FragmentSpan& span) {
    const int n = s.pixels();
    copySpan(span.diffuse, s, VaryingLayout::kDiffuse);
    if (layout.specular >= 0) {
        copySpan(span.specular, s, layout.specular);
    } else {
        for (float* p : {span.specular.r, span.specular.g, span.specular.b, span.specular.a}) fillSpan(p, 0.0f, n);
    }
    copySpan(span.depthZ, s.z, n);  // window depth before clamping (§7.4)
    if (layout.eyeDepth >= 0) copySpan(span.viewDepth, s.plane[layout.eyeDepth], n); else fillSpan(span.viewDepth, 0.0f, n);
    // Eye depth, or clip w (1/rhw for XYZRHW) when the layout has it.
    if (layout.clipW >= 0) copySpan(span.depthW, s.plane[layout.clipW], n);
    else if (layout.eyeDepth >= 0) copySpan(span.depthW, s.plane[layout.eyeDepth], n);
    else fillSpan(span.depthW, 1.0f, n);
    // The fog varying: the PERVERTEX factor or the PERPIXEL distance.
    if (layout.fog >= 0) {
        copySpan(span.vertexFactor, s.plane[layout.fog], n);
        copySpan(span.vertexDistance, s.plane[layout.fog], n);
    } else {
        fillSpan(span.vertexFactor, 1.0f, n);
        fillSpan(span.vertexDistance, 0.0f, n);
    }
}

// Reused by every span of the thread: its texture planes are written only for
// the stages that sample, and the kernel reads only those.
FragmentSpan& threadSpan() {
    thread_local FragmentSpan span;
    return span;
}

}  // namespace

void shadeQuads(const DrawContext& ctx, QuadSpan& quads, SpanMask pixels, ColorPlanes& color) {
    const PixelState& state = ctx.draw->state.pixel;
    FragmentSpan& span = threadSpan();
    span.count = quads.pixels();
    fillPixelInputs(ctx.vertices.layout, quads, span);
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
