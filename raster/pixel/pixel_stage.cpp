// SPDX-License-Identifier: MIT
#include "raster/pixel/pixel_stage.h"

#include "raster/pixel/fixed_function_pixel.h"
#include "raster/pixel/stage_sampling.h"

namespace refrast {

namespace {

Rgba rgbaAt(const float* v) { return {v[0], v[1], v[2], v[3]}; }

// Fills the interpolated inputs of pixel k into `in` (default-constructed);
// varyings the layout lacks are never read for this draw (pixelReads) and
// keep their defaults.
void fillPixelInputs(const DrawContext& ctx, const QuadFragments& quad, int k, PixelInputs& in) {
    const VaryingLayout& layout = ctx.vertices.layout;
    const float* v = quad.varying[k];
    in.stages.diffuse = rgbaAt(v + VaryingLayout::kDiffuse);
    if (layout.specular >= 0) in.stages.specular = rgbaAt(v + layout.specular);
    in.fog.depthZ = quad.z[k];  // window depth before clamping (§7.4)
    if (layout.eyeDepth >= 0) in.fog.depthW = in.viewDepth = v[layout.eyeDepth];  // eye depth; 1/rhw for XYZRHW
    if (layout.clipW >= 0) in.fog.depthW = v[layout.clipW];                         // clip w; 1/rhw for XYZRHW
    // The fog varying: the PERVERTEX factor or the PERPIXEL distance.
    if (layout.fog >= 0) in.fog.vertexFactor = in.fog.vertexDistance = v[layout.fog];
    in.fog.specularAlpha = in.stages.specular.a;
    in.hasNormals = ctx.shading.hasNormals;
    in.stages.boundMask = ctx.shading.boundStages;
}

}  // namespace

void shadeQuad(const DrawContext& ctx, const QuadFragments& quad, uint8_t pixels, Rgba color[4]) {
    const PixelState& state = ctx.draw->state.pixel;
    if (!ctx.shading.helperPixels) {  // nothing samples: the pixels are independent
        for (int k = 0; k < 4; ++k) {
            if (!(pixels >> k & 1)) continue;
            PixelInputs in;
            fillPixelInputs(ctx, quad, k, in);
            color[k] = fixedFunctionPixel(state, ctx.shading.cascade, ctx.fog, in);
        }
        return;
    }
    PixelInputs in[4];
    for (int k = 0; k < 4; ++k)
        if (pixels >> k & 1) fillPixelInputs(ctx, quad, k, in[k]);
    StageTexels* const texels[4] = {&in[0].stages.texture, &in[1].stages.texture, &in[2].stages.texture,
                                    &in[3].stages.texture};
    sampleStages(state, *ctx.textures, ctx.vertices.layout, quad, pixels, ctx.shading.boundStages, texels, ctx.ambiguity);
    for (int k = 0; k < 4; ++k)
        if (pixels >> k & 1) color[k] = fixedFunctionPixel(state, ctx.shading.cascade, ctx.fog, in[k]);
}

Rgba shadePixel(const DrawContext& ctx, const QuadFragments& quad, int k) {
    Rgba color[4];
    shadeQuad(ctx, quad, uint8_t(1u << k), color);
    return color[k];
}

}  // namespace refrast
