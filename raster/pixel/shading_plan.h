// SPDX-License-Identifier: MIT
// The pixel stage's per-draw decisions, taken once per frame instead of per
// pixel: which stages have textures, whether quads need helper pixels, and
// the prepared texture-stage cascade.
#pragma once

#include "raster/pixel/texture_stage.h"
#include "refrast/scene.h"

#include <cstdint>

namespace refrast {

struct ShadingPlan {
    uint8_t boundStages = 0;    // bit s: a texture is bound to stage s
    bool helperPixels = false;  // a stage samples, so uncovered quad pixels interpolate too (derivatives)
    bool hasNormals = false;    // the vertices carry normals (no material ramp)
    StageCascade cascade;
};

ShadingPlan makeShadingPlan(const Draw& draw);

}  // namespace refrast
