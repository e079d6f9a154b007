// SPDX-License-Identifier: MIT
#include "raster/pixel/fixed_function_pixel.h"

#include "raster/pixel/fixed_function_pixel.inl"  // the chain over lanes, here at width 1

namespace refrast {

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
    using namespace lanes_scalar;
    const ShadingPlan plan = makeShadingPlan(state, cascade, fog, in.stages.boundMask, in.hasNormals);
    FragmentLanes f{{splatColor(in.stages.diffuse), splatColor(in.stages.specular), {}},
                    {in.fog.depthZ, in.fog.depthW, in.fog.vertexFactor, in.fog.vertexDistance, in.fog.specularAlpha},
                    in.viewDepth};
    for (int s = 0; s < kMaxTextureStages; ++s)  // unbound stages read (0, 0, 0, 0)
        f.stages.texture[s] = (in.stages.boundMask >> s & 1) ? splatColor(in.stages.texture[size_t(s)]) : splatColor(0.0f);
    return toRgba(lanes_scalar::shade(state, plan, f));
}

}  // namespace refrast
