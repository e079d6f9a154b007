// SPDX-License-Identifier: MIT
// The frame's command stream: clears, colour fills, copies and runs of draws,
// in submission order, over the frame's surfaces (docs/scene-format.md,
// version 2 "commands"). A run of consecutive draws into the same colour and
// depth surfaces renders as one pass of the tiled pipeline (pipeline.h); a
// colour surface a draw samples is snapshotted into its texture slot before
// the run, so render-to-texture sees exactly what earlier commands wrote.
#pragma once

#include "raster/framebuffer.h"
#include "raster/pipeline.h"
#include "refrast/scene.h"

#include <vector>

namespace refrast {

// Every surface of the frame after its commands, by Scene::surfaces index. A
// scene without commands (version 1) has one framebuffer holding its colour
// and depth: colour() and depth() hide the difference.
struct FrameSurfaces {
    std::vector<Framebuffer> surfaces;
    int colorIndex = 0, depthIndex = 0;  // -1: no depth surface
    const Framebuffer& color() const { return surfaces[size_t(colorIndex)]; }
    const Framebuffer* depth() const { return depthIndex < 0 ? nullptr : &surfaces[size_t(depthIndex)]; }
};

// Planes colour surfaces keep besides colour.
struct ExtraPlanes {
    bool ambiguity = false;  // the ambiguity map's (raster/rasterize/ambiguity.h)
    bool touches = false;    // the draws that touched each pixel (raster/rasterize/touch_record.h)
    // The draw-id and overdraw planes (the draw-id and overdraw views,
    // RenderPlanes::drawId): a render to the final image alone does without
    // their 6 bytes per pixel and a record per written fragment.
    bool drawRecords = true;
};

FrameSurfaces runCommandStream(const Scene& scene, int threads, FrameStats* stats = nullptr, ExtraPlanes extra = {});

}  // namespace refrast
