// SPDX-License-Identifier: MIT
#include "raster/pixel/shading_plan.h"

#include "raster/pixel/pixel_reads.h"

namespace refrast {

ShadingPlan makeShadingPlan(const Draw& draw) {
    const PixelState& state = draw.state.pixel;
    ShadingPlan plan;
    plan.boundStages = boundStageMask(state);
    plan.helperPixels = sampledStageMask(state) != 0;
    plan.hasNormals = !draw.vertices.normal.empty();
    plan.cascade = makeStageCascade(state, plan.boundStages);
    return plan;
}

}  // namespace refrast
