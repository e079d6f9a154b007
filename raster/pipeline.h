// SPDX-License-Identifier: MIT
// One frame through the whole pipeline, in D3D9 order.
#pragma once

#include "raster/framebuffer.h"
#include "refrast/scene.h"

#include <cstddef>

namespace refrast {

struct FrameStats {
    size_t trianglesAssembled = 0;
    size_t trianglesSetUp = 0;  // after culling and clipping
    double vertexMs = 0, setupMs = 0, rasterMs = 0;
};

constexpr int kTileSize = 64;  // pixels; even, so 2x2 quads never straddle tiles

void renderFrame(const Scene& scene, Framebuffer& fb, int threads, FrameStats* stats = nullptr);

}  // namespace refrast
