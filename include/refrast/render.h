// SPDX-License-Identifier: MIT
// Rendering a Scene to an RGBA8 image.
#pragma once

#include "refrast/image.h"
#include "refrast/scene.h"

namespace refrast {

// What the output image shows (the first question when a golden fails is which
// draw and which stage).
enum class RenderView {
    Final,     // the colour buffer
    Depth,     // depth as grey: 0 black, 1 white
    DrawId,    // a stable false colour per draw that last wrote the pixel
    Overdraw,  // the number of fragments written, as grey steps
};

struct RenderOptions {
    int threads = 0;  // 0: all cores
    RenderView view = RenderView::Final;
};

// Where the time of one render went (measured inside the program, so start-up
// and file IO are excluded).
struct RenderTimings {
    double totalMs = 0, vertexMs = 0, setupMs = 0, rasterMs = 0;
    size_t trianglesAssembled = 0, trianglesSetUp = 0;
};

Image render(const Scene& scene, const RenderOptions& options = {}, RenderTimings* timings = nullptr);

}  // namespace refrast
