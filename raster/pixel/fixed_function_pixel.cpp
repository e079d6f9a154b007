// SPDX-License-Identifier: MIT
#include "raster/pixel/fixed_function_pixel.h"

#include "raster/pixel/depth_fade.h"
#include "raster/pixel/material_ramp.h"
#include "raster/pixel/specular_add.h"

namespace refrast {

namespace {

// Legacy §3: the stage-0 texel becomes the ramp colour, diffuse follows the tint rule.
TextureStageInputs applyMaterialRamp(const MaterialRampState& ramp, TextureStageInputs in) {
    in.texture[0] = materialRamp(ramp, in.texture[0]);
    in.diffuse = materialRampDiffuse(ramp, in.diffuse);
    return in;
}

}  // namespace

FogSelection selectFog(const PixelState& state, bool pretransformed, const Mat4& projection) {
    return {fogSource(state.fog, pretransformed),
            tableFogInput(pretransformed, projection, state.options.xyzrhwTableFog)};
}

float vertexFog(const FogState& fog, const Vec3& posView) {
    return vertexFogFactor(fog, vertexFogDistance(posView, fog.rangeFogEnable));
}

Rgba fixedFunctionPixel(const PixelState& state, const FogSelection& fog, const PixelInputs& in) {
    return fixedFunctionPixel(state, makeStageCascade(state, in.stages.boundMask), fog, in);
}

Rgba fixedFunctionPixel(const PixelState& state, const StageCascade& cascade, const FogSelection& fog,
                        const PixelInputs& in) {
    Rgba c = materialRampApplies(state.materialRamp, in.hasNormals)
                 ? runStageCascade(cascade, applyMaterialRamp(state.materialRamp, in.stages))
                 : runStageCascade(cascade, in.stages);
    if (state.specularEnable) c = specularAdd(true, c, in.stages.specular);
    if (fog.source != FogSource::None)
        c = fogBlend(c, state.fog.color, pixelFogFactor(state.fog, state.options, fog.source, fog.tableInput, in.fog));
    return state.depthFade.enable ? depthFade(state.depthFade, c, in.viewDepth) : c;
}

}  // namespace refrast
