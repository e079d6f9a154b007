// SPDX-License-Identifier: MIT
// What the stages of one frame know about one draw: its state, its
// transformed vertices and the pixels it may touch.
#pragma once

#include "raster/ambiguity/probe.h"
#include "raster/pixel/fixed_function_pixel.h"
#include "raster/pixel/shading_plan.h"
#include "raster/primitive/setup.h"
#include "raster/vertex/vertex_stage.h"
#include "refrast/scene.h"

#include <cstdint>
#include <vector>

namespace refrast {

// The textures draws sample, by Scene::textures index: the scene's own, or a
// snapshot of a colour surface rendered earlier in the frame; and the clock.
struct FrameTextures {
    std::vector<const Texture*> table;
    float time = 0.0f;
};

// What a draw's triangles do with a tile's pending owners (hidden-surface
// removal, raster/rasterize/hidden_surface.h).
enum class ColorDeferral : uint8_t {
    Never,          // reads or partly writes the colour: the pending owners shade first
    Defer,          // replaces the colour: its triangles may wait to be shaded
    WritesNoColor,  // COLORWRITEENABLE leaves every channel: runs at once, pending owners stay valid
};

struct DrawContext {
    const Draw* draw = nullptr;
    uint32_t drawId = 0;  // the draw's index in Scene::draws (the draw-id view)
    const FrameTextures* textures = nullptr;
    TransformedVertices vertices;
    PixelBounds bounds;  // viewport ∩ target (∩ scissor)
    Viewport viewport;  // for points: the view-volume test and Vh of the size (raster/primitive/point_setup.h)
    FogSelection fog;  // the fog factor's source for this draw (docs/fixed-function.md §7.1)
    ShadingPlan shading;  // the pixel stage's per-draw decisions
    AmbiguityProbe ambiguity;  // active only when the render computes the ambiguity map
    ColorDeferral deferral = ColorDeferral::Never;  // hidden-surface removal on this draw's target
};

}  // namespace refrast
