// SPDX-License-Identifier: MIT
// The surfaces being drawn: colour as RGBA8 (formats under 8 bits per channel
// keep each channel's n-bit value replicated into the byte, so the top n
// bits are the stored value), depth (UNORM formats as the integer, float
// formats as the float's bits), stencil, and the debug planes behind --view.
// A colour surface of the command stream uses only the colour and debug
// planes, a depth/stencil surface only depth and stencil.
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
    std::vector<uint32_t> depth;   // UNORM Dn: round(z * (2^n - 1)); float formats: the float's bits
    std::vector<uint8_t> stencil;
    std::vector<uint32_t> drawId;    // draw index + 1 of the last write, 0 = clear
    std::vector<uint16_t> overdraw;  // fragments written

    Framebuffer() = default;
    explicit Framebuffer(const RenderTargetDesc& target);

    size_t index(int x, int y) const { return size_t(y) * size_t(width) + size_t(x); }
    bool hasAlpha() const { return colorBits(colorFormat).a > 0; }
};

}  // namespace refrast
