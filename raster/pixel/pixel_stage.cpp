// SPDX-License-Identifier: MIT
#include "raster/pixel/pixel_stage.h"

#include "raster/lanes/simd_level.h"
#include "raster/pixel/stage_sampling.h"

#include <cstring>

namespace refrast {

namespace {

// The quad's four pixels of a plane (or a constant) into the span's plane.
void copyQuad(float* dst, const float* src) { std::memcpy(dst, src, 4 * sizeof(float)); }
void fillQuad(float* dst, float x) { dst[0] = dst[1] = dst[2] = dst[3] = x; }
void copyQuad(ColorPlanes& dst, const QuadFragments& q, int at) {
    copyQuad(dst.r, q.plane[at]);
    copyQuad(dst.g, q.plane[at + 1]);
    copyQuad(dst.b, q.plane[at + 2]);
    copyQuad(dst.a, q.plane[at + 3]);
}

// The interpolated inputs of the quad's pixels into the span; varyings the
// layout lacks are never read for this draw (pixelReads) and take
// PixelInputs' defaults.
void fillPixelInputs(const VaryingLayout& layout, const QuadFragments& q, FragmentSpan& span) {
    copyQuad(span.diffuse, q, VaryingLayout::kDiffuse);
    if (layout.specular >= 0) {
        copyQuad(span.specular, q, layout.specular);
    } else {
        for (float* p : {span.specular.r, span.specular.g, span.specular.b, span.specular.a}) fillQuad(p, 0.0f);
    }
    copyQuad(span.depthZ, q.z);  // window depth before clamping (§7.4)
    if (layout.eyeDepth >= 0) copyQuad(span.viewDepth, q.plane[layout.eyeDepth]); else fillQuad(span.viewDepth, 0.0f);
    // Eye depth, or clip w (1/rhw for XYZRHW) when the layout has it.
    if (layout.clipW >= 0) copyQuad(span.depthW, q.plane[layout.clipW]);
    else if (layout.eyeDepth >= 0) copyQuad(span.depthW, q.plane[layout.eyeDepth]);
    else fillQuad(span.depthW, 1.0f);
    // The fog varying: the PERVERTEX factor or the PERPIXEL distance.
    if (layout.fog >= 0) {
        copyQuad(span.vertexFactor, q.plane[layout.fog]);
        copyQuad(span.vertexDistance, q.plane[layout.fog]);
    } else {
        fillQuad(span.vertexFactor, 1.0f);
        fillQuad(span.vertexDistance, 0.0f);
    }
}

// The first varying the stage sampling reads: texcoord sets and processed
// coordinates follow the colours and fog inputs in the layout.
int firstSampledVarying(const VaryingLayout& layout) {
    int first = layout.count;
    for (int8_t at : layout.texcoord)
        if (at >= 0 && at < first) first = at;
    for (int8_t at : layout.stageCoord)
        if (at >= 0 && at < first) first = at;
    return first;
}

// Reused by every quad of the thread: its texture planes are written only for
// the stages that sample, and the kernel reads only those.
FragmentSpan& threadSpan() {
    thread_local FragmentSpan span;
    return span;
}

}  // namespace

void shadeQuad(const DrawContext& ctx, QuadFragments& quad, uint8_t pixels, ColorPlanes& color) {
    const PixelState& state = ctx.draw->state.pixel;
    FragmentSpan& span = threadSpan();
    span.count = 4;
    fillPixelInputs(ctx.vertices.layout, quad, span);
    if (ctx.shading.helperPixels) {
        // Pixels 0, 1, 2 give the derivatives; the stage sampling reads them per pixel.
        varyingsPerPixel(quad, firstSampledVarying(ctx.vertices.layout), ctx.vertices.layout.count, uint8_t(pixels | 0x7));
        sampleStages(state, *ctx.textures, ctx.vertices.layout, quad, pixels, ctx.shading.boundStages, span.texture,
                     ctx.ambiguity);
    }
    shadeSpan(simdLevel(), state, ctx.shading, span, color);
}

Rgba shadePixel(const DrawContext& ctx, QuadFragments& quad, int k) {
    varyingPlanes(quad, ctx.vertices.layout.count);
    ColorPlanes color;
    shadeQuad(ctx, quad, uint8_t(1u << k), color);
    return color.at(k);
}

}  // namespace refrast
