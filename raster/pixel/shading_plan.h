// SPDX-License-Identifier: MIT
// The pixel stage's per-draw decisions, taken once per frame instead of per
// pixel: which stages have textures, whether quads need helper pixels, the
// prepared texture-stage cascade, which of specular add, fog, the extensions
// run and from where fog reads, and the output merger's resolved blend and
// colour write mask. The pixel kernels (shade_span.h) branch on these per
// span, never per pixel.
#pragma once

#include "raster/output/alpha_blend.h"
#include "raster/pixel/fixed_function_pixel.h"
#include "raster/pixel/texture_stage.h"
#include "refrast/scene.h"

#include <cstdint>

namespace refrast {

struct ShadingPlan {
    uint8_t boundStages = 0;    // bit s: a texture is bound to stage s
    bool helperPixels = false;  // a stage samples, so uncovered quad pixels interpolate too (derivatives)
    bool hasNormals = false;    // the vertices carry normals (no material ramp)
    StageCascade cascade;
    bool materialRamp = false;  // materialRampApplies: the ramp runs (per lane, its scalar formula)
    bool specularAdd = false;   // SPECULARENABLE
    FogSelection fog;           // the fog factor's source (None: no fog)
    Rgba fogColor;              // D3DRS_FOGCOLOR decoded
    bool depthFade = false;     // the depth fade extension (per lane, its scalar formula)
    BlendPlan blend;            // the merger's blend
    uint8_t colorWriteMask = 0xF;  // D3DRS_COLORWRITEENABLE
};

ShadingPlan makeShadingPlan(const Draw& draw);

// Whether the span kernel's lean shading (fixed_function_pixel.inl's
// shade<true>) gives this plan's colours: a plain cascade
// (StageCascade::plain) or none (no stage: an untextured draw), no
// material ramp, no depth fade.
inline bool leanShading(const ShadingPlan& plan) {
    return (plan.cascade.plain.applies || plan.cascade.count == 0) && !plan.materialRamp && !plan.depthFade;
}

// The pixel part of a plan for a state, its prepared cascade and fog selection.
ShadingPlan makeShadingPlan(const PixelState& state, const StageCascade& cascade, const FogSelection& fog,
                            uint8_t boundStages, bool hasNormals);

}  // namespace refrast
