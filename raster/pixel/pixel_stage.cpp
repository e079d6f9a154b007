// SPDX-License-Identifier: MIT
#include "raster/pixel/pixel_stage.h"

#include "raster/lanes/simd_level.h"
#include "raster/pixel/stage_sampling.h"

namespace refrast {

namespace {

// The interpolated inputs of pixel k into the span's planes at k; varyings the
// layout lacks are never read for this draw (pixelReads) and take PixelInputs'
// defaults.
void fillPixelInputs(const VaryingLayout& layout, const QuadFragments& quad, int k, FragmentSpan& span) {
    const float* v = quad.varying[k];
    span.diffuse.set(k, {v[VaryingLayout::kDiffuse], v[VaryingLayout::kDiffuse + 1], v[VaryingLayout::kDiffuse + 2],
                         v[VaryingLayout::kDiffuse + 3]});
    const int sp = layout.specular;
    span.specular.set(k, sp >= 0 ? Rgba{v[sp], v[sp + 1], v[sp + 2], v[sp + 3]} : Rgba{});
    span.depthZ[k] = quad.z[k];  // window depth before clamping (§7.4)
    span.viewDepth[k] = layout.eyeDepth >= 0 ? v[layout.eyeDepth] : 0.0f;
    // Eye depth, or clip w (1/rhw for XYZRHW) when the layout has it.
    span.depthW[k] = layout.clipW >= 0 ? v[layout.clipW] : (layout.eyeDepth >= 0 ? v[layout.eyeDepth] : 1.0f);
    // The fog varying: the PERVERTEX factor or the PERPIXEL distance.
    span.vertexFactor[k] = layout.fog >= 0 ? v[layout.fog] : 1.0f;
    span.vertexDistance[k] = layout.fog >= 0 ? v[layout.fog] : 0.0f;
}

// Reused by every quad of the thread: its texture planes are written only for
// the stages that sample, and the kernel reads only those.
FragmentSpan& threadSpan() {
    thread_local FragmentSpan span;
    return span;
}

}  // namespace

void shadeQuad(const DrawContext& ctx, const QuadFragments& quad, uint8_t pixels, ColorPlanes& color) {
    const PixelState& state = ctx.draw->state.pixel;
    FragmentSpan& span = threadSpan();
    span.count = 4;
    for (int k = 0; k < 4; ++k)
        if (pixels >> k & 1) fillPixelInputs(ctx.vertices.layout, quad, k, span);
    if (ctx.shading.helperPixels)
        sampleStages(state, *ctx.textures, ctx.vertices.layout, quad, pixels, ctx.shading.boundStages, span.texture,
                     ctx.ambiguity);
    shadeSpan(simdLevel(), state, ctx.shading, span, color);
}

Rgba shadePixel(const DrawContext& ctx, const QuadFragments& quad, int k) {
    ColorPlanes color;
    shadeQuad(ctx, quad, uint8_t(1u << k), color);
    return color.at(k);
}

}  // namespace refrast
