// SPDX-License-Identifier: MIT
// What the stages of one frame know about one draw: its state, its
// transformed vertices and the pixels it may touch.
#pragma once

#include "raster/pixel/fixed_function_pixel.h"
#include "raster/pixel/shading_plan.h"
#include "raster/primitive/setup.h"
#include "raster/vertex/vertex_stage.h"
#include "refrast/scene.h"

namespace refrast {

struct DrawContext {
    const Draw* draw = nullptr;
    const Scene* scene = nullptr;
    TransformedVertices vertices;
    PixelRect bounds;  // viewport ∩ target (∩ scissor)
    FogSelection fog;  // the fog factor's source for this draw (docs/fixed-function.md §7.1)
    ShadingPlan shading;  // the pixel stage's per-draw decisions
};

}  // namespace refrast
