// SPDX-License-Identifier: MIT
// The render target being drawn: RGBA8 colour, depth (D24 as an integer, or
// D32F as float bits), 8-bit stencil, and the debug planes behind --view.
#pragma once

#include "raster/state/d3d_enums.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace refrast {

struct RenderTargetDesc;

struct Framebuffer {
    int width = 0, height = 0;
    ColorFormat colorFormat = ColorFormat::A8R8G8B8;
    DepthFormat depthFormat = DepthFormat::D24S8;
    std::vector<uint8_t> color;    // RGBA8 (memory order R, G, B, A)
    std::vector<uint32_t> depth;   // D24: round(z * (2^24 - 1)); D32F: the float's bits
    std::vector<uint8_t> stencil;
    std::vector<uint32_t> drawId;    // draw index + 1 of the last write, 0 = clear
    std::vector<uint16_t> overdraw;  // fragments written
    // The ambiguity map's coverage planes (raster/rasterize/ambiguity.h);
    // empty, and not filled, unless a render asks for the map.
    std::vector<uint32_t> nearEdge;     // draw index + 1 of the last triangle with an edge near the pixel's sample
    std::vector<uint32_t> robustCover;  // draw index + 1 of the last triangle covering it with a margin

    explicit Framebuffer(const RenderTargetDesc& target);

    size_t index(int x, int y) const { return size_t(y) * size_t(width) + size_t(x); }
    bool hasAlpha() const { return colorFormat == ColorFormat::A8R8G8B8; }
};

}  // namespace refrast
