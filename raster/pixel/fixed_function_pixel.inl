// SPDX-License-Identifier: MIT
// The per-pixel fixed-function chain over lanes (fixed_function_pixel.h):
// material ramp, texture stages, specular add, fog, depth fade, in D3D9's
// order; each formula is the one of its stage's .inl. Compiled once per SIMD
// level (shade_span_<level>.cpp) and at width 1 by fixed_function_pixel.cpp,
// whose fixedFunctionPixel is this code.
#pragma once

#include "raster/lanes/lanes.h"
#include "raster/pixel/depth_fade.h"
#include "raster/pixel/fog.inl"
#include "raster/pixel/material_ramp.h"
#include "raster/pixel/shading_plan.h"
#include "raster/pixel/specular_add.inl"
#include "raster/pixel/texture_stage.inl"

namespace refrast::REFRAST_LANES_NS {

// PixelInputs over lanes.
struct FragmentLanes {
    StageLanes stages;
    FogLanes fog;
    F viewDepth;
};

// Legacy §3, a rarely used extension, per lane through its scalar formula:
// the stage-0 texel becomes the ramp colour, diffuse follows the tint rule.
inline void materialRampPerLane(const MaterialRampState& ramp, StageLanes& in) {
    in.texture[0] = eachPixel(in.texture[0], [&](const Rgba& t, int) { return materialRamp(ramp, t); });
    in.diffuse = eachPixel(in.diffuse, [&](const Rgba& d, int) { return materialRampDiffuse(ramp, d); });
}

// The depth fade extension (legacy §1), per lane through its scalar formula.
inline Color depthFadePerLane(const DepthFadeState& fade, const Color& c, F viewDepth) {
    alignas(64) float depth[kWidth];
    store(depth, viewDepth);
    return eachPixel(c, [&](const Rgba& x, int k) { return depthFade(fade, x, depth[k]); });
}

// The fragment colour that enters the output merger (not yet saturated,
// R-9), stage by stage in D3D9's order (fixed-function reference §0 steps 3-5).
// `in` is the caller's and is changed (the material ramp rewrites stage 0's
// texel and diffuse): taken by value, its ~1.5 KB were copied per lane group.
// `Lean`: the caller knows that the cascade is plain or empty and that
// neither extension runs (leanShading), so nothing takes the lanes'
// addresses and a span kernel keeps them in registers.
template <bool Lean = false>
[[gnu::always_inline]] inline Color shade(const PixelState& state, const ShadingPlan& plan, FragmentLanes& in) {
    if (!Lean && plan.materialRamp) materialRampPerLane(state.materialRamp, in.stages);
    Color c = runStageCascade<Lean>(plan.cascade, in.stages);                             // §4 texture stages
    if (plan.specularAdd) c = specularAdd(c, in.stages.specular);                         // §5.1 specular add
    if (plan.fog.source != FogSource::None)                                               // §5.2-§5.4 fog
        c = fogBlend(c, plan.fogColor,
                     REFRAST_LANES_NS::pixelFogFactor(state.fog, state.options, plan.fog.source, plan.fog.tableInput, in.fog));
    if (!Lean && plan.depthFade) c = depthFadePerLane(state.depthFade, c, in.viewDepth);  // depth fade (extension)
    return c;
}


}  // namespace refrast::REFRAST_LANES_NS
