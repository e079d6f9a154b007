// SPDX-License-Identifier: MIT
// Rendering a Scene to an RGBA8 image.
#pragma once

#include "refrast/image.h"
#include "refrast/scene.h"

#include <array>
#include <cstdint>
#include <vector>

namespace refrast {

// What the output image shows (the first question when a golden fails is which
// draw and which stage).
enum class RenderView {
    Final,     // the colour buffer
    Depth,     // depth as grey: 0 black, 1 white
    DrawId,    // a stable false colour per draw that last wrote the pixel
    Overdraw,  // the number of fragments written, as grey steps
    Ambiguity, // a dimmed grey copy of the colour buffer, knife-edge pixels magenta (docs/ambiguity.md)
};

struct RenderOptions {
    int threads = 0;  // 0: all cores
    RenderView view = RenderView::Final;
    // >= 0: render only draws 0..untilDraw (bisecting a difference by hand);
    // -1: every draw.
    int untilDraw = -1;
    // Also compute the ambiguity map (RenderPlanes::ambiguous; implied by
    // RenderView::Ambiguity). Costs a pass over every triangle's bounds.
    bool ambiguity = false;
};

// Per-pixel planes of a render that reports use (draw attribution).
struct RenderPlanes {
    std::vector<uint32_t> drawId;  // row-major: draw index + 1 of the last write, 0 = cleared
    std::vector<uint8_t> ambiguous;  // 1 where the pixel is a knife edge; empty unless options.ambiguity
};

// Where the time of one render went (measured inside the program, so start-up
// and file IO are excluded).
struct RenderTimings {
    double totalMs = 0, vertexMs = 0, setupMs = 0, rasterMs = 0;
    size_t trianglesAssembled = 0, trianglesSetUp = 0;
};

// The false colour of draw `drawIndex` in RenderView::DrawId (-1: cleared, black), as R, G, B.
std::array<uint8_t, 3> drawIdColor(int drawIndex);

// planes (optional) receives the planes of the same render.
Image render(const Scene& scene, const RenderOptions& options = {}, RenderTimings* timings = nullptr,
             RenderPlanes* planes = nullptr);

}  // namespace refrast
