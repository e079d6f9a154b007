// SPDX-License-Identifier: MIT
// Rendering a Scene to an RGBA8 image.
#pragma once

#include "refrast/draw_touches.h"
#include "refrast/image.h"
#include "refrast/render_view.h"
#include "refrast/scene.h"

#include <array>
#include <cstdint>
#include <vector>

namespace refrast {

struct RenderOptions {
    int threads = 0;  // 0: all cores
    RenderView view = RenderView::Final;
    // >= 0: render only draws 0..untilDraw (bisecting a difference by hand);
    // -1: every draw.
    int untilDraw = -1;
    // Also compute the ambiguity map (RenderPlanes::ambiguous; implied by
    // RenderView::Ambiguity). Costs a pass over every triangle's bounds and
    // probes at every knife-edge decision; nothing when off.
    bool ambiguity = false;
    // Also record which draws touched each pixel of the output
    // (RenderPlanes::touches, the draw attribution). Costs 18 bytes per pixel
    // and a check per covered pixel; nothing when off.
    bool touches = false;
};

// Per-pixel planes of a render that reports use (draw attribution).
struct RenderPlanes {
    std::vector<uint32_t> drawId;  // row-major: draw index + 1 of the last write, 0 = cleared
    // AmbiguityCause bits (refrast/ambiguity.h), 0 where no knife edge; empty unless options.ambiguity
    std::vector<uint8_t> ambiguous;
    DrawTouches touches;  // empty unless options.touches
};

// Where the time of one render went (measured inside the program, so start-up
// and file IO are excluded).
struct RenderTimings {
    double totalMs = 0, vertexMs = 0, setupMs = 0, rasterMs = 0;
    size_t trianglesAssembled = 0, trianglesSetUp = 0;
    // Fragments that passed stencil and depth but were never shaded: a later
    // opaque triangle of their tile won the pixel first (hidden-surface
    // removal; 0 with --no-hidden-surface-removal).
    size_t fragmentsHidden = 0;
};

// The false colour of draw `drawIndex` in RenderView::DrawId (-1: cleared, black), as R, G, B.
std::array<uint8_t, 3> drawIdColor(int drawIndex);

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

// planes (optional) receives the per-pixel planes of the same render, depth
// (optional) the final depth/stencil surface.
Image render(const Scene& scene, const RenderOptions& options = {}, RenderTimings* timings = nullptr,
             RenderPlanes* planes = nullptr, DepthReadback* depth = nullptr);

// The raw file of docs/diff.md "Depth files": little-endian u16 per
// pixel for 16-bit and 15-bit formats, u32 (the 24- or 32-bit value) for the
// others, the float's bits for float formats.
std::vector<uint8_t> encodeDepthRaw(const DepthReadback& d);
// The preview: depth as 16-bit grey (0 black, 1 white: round(z * 65535)).
std::vector<uint8_t> encodeDepthPreviewPng(const DepthReadback& d);


}  // namespace refrast
