// SPDX-License-Identifier: MIT
#include "raster/pixel/shading_plan.h"

#include "raster/pixel/material_ramp.h"
#include "raster/pixel/pixel_reads.h"

namespace refrast {

ShadingPlan makeShadingPlan(const PixelState& state, const StageCascade& cascade, const FogSelection& fog,
                            uint8_t boundStages, bool hasNormals) {
    ShadingPlan plan;
    plan.boundStages = boundStages;
    plan.helperPixels = sampledStageMask(state) != 0;
    plan.hasNormals = hasNormals;
    plan.cascade = cascade;
    plan.materialRamp = materialRampApplies(state.materialRamp, hasNormals);
    plan.specularAdd = state.specularEnable;
    plan.fog = fog;
    plan.fogColor = decodeD3DColor(state.fog.color);
    plan.depthFade = state.depthFade.enable;
    plan.blend = makeBlendPlan(state.blend);
    return plan;
}

ShadingPlan makeShadingPlan(const Draw& draw) {
    const PixelState& state = draw.state.pixel;
    const uint8_t bound = boundStageMask(state);
    ShadingPlan plan =
        makeShadingPlan(state, makeStageCascade(state, bound),
                        selectFog(state, draw.vertices.pretransformed, draw.transform.projection), bound,
                        !draw.vertices.normal.empty());
    plan.colorWriteMask = uint8_t(draw.state.colorWrite.mask);
    return plan;
}

}  // namespace refrast
