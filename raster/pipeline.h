// SPDX-License-Identifier: MIT
// One frame through the whole pipeline, in D3D9 order.
#pragma once

#include "raster/draw_context.h"
#include "raster/framebuffer.h"
#include "refrast/scene.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace refrast {

struct FrameStats {
    size_t trianglesAssembled = 0;
    size_t trianglesSetUp = 0;  // after culling and clipping
    double vertexMs = 0, setupMs = 0, rasterMs = 0;
    // Fragments that passed stencil and depth but were overdrawn before
    // being shaded, so never shaded (hidden-surface removal).
    size_t fragmentsHidden = 0;
};

constexpr int kTileSize = 64;  // pixels; even, so 2x2 quads never straddle tiles

// The scene's own textures and clock.
FrameTextures sceneTextures(const Scene& scene);

// Version 1's frame: every draw of the scene, in order, into `fb` (already
// cleared), sampling the scene's textures.
void renderFrame(const Scene& scene, Framebuffer& fb, int threads, FrameStats* stats = nullptr);

// The draws `drawIndices` (ascending) of the scene into `fb`, sampling
// `textures`; stats accumulate. The command stream (raster/command_stream.h)
// calls this once per run of draws into the same surfaces.
void renderDraws(const Scene& scene, std::span<const uint32_t> drawIndices, const FrameTextures& textures,
                 Framebuffer& fb, int threads, FrameStats* stats = nullptr);

}  // namespace refrast
