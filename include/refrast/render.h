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

// The final depth/stencil surface at full precision (render --depth-out,
// --stencil-out): the depth the output's draws tested against (the scene's
// depthOutputSurface, docs/scene-format.md).
struct DepthReadback {
    int width = 0, height = 0;
    DepthFormat format = DepthFormat::D24S8;
    std::vector<uint32_t> depth;  // UNORM formats: the n-bit integer; float formats: the float's bits
    std::vector<uint8_t> stencil;
    bool present() const { return width > 0; }
};

Image render(const Scene& scene, const RenderOptions& options = {}, RenderTimings* timings = nullptr,
             DepthReadback* depth = nullptr);

// The raw file of docs/scene-format.md "Depth readback": little-endian u16 per
// pixel for 16-bit and 15-bit formats, u32 (the 24- or 32-bit value) for the
// others, the float's bits for float formats.
std::vector<uint8_t> encodeDepthRaw(const DepthReadback& d);
// The preview: depth as 16-bit grey (0 black, 1 white: round(z * 65535)).
std::vector<uint8_t> encodeDepthPreviewPng(const DepthReadback& d);

}  // namespace refrast
