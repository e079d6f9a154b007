// SPDX-License-Identifier: MIT
// The surfaces being drawn: colour as RGBA8 (formats under 8 bits per channel
// keep each channel's n-bit value replicated into the byte, so the top n
// bits are the stored value), depth (UNORM formats as the integer, float
// formats as the float's bits), stencil, and the debug planes behind --view.
// A colour surface of the command stream uses only the colour and debug
// planes, a depth/stencil surface only depth and stencil.
#pragma once

#include "raster/memory/uninitialized_allocator.h"
#include "raster/state/d3d_enums.h"
#include "refrast/draw_touches.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace refrast {

struct RenderTargetDesc;
struct PixelBounds;

// The values a target's clear writes, as stored.
struct StoredClear {
    uint8_t rgba[4];
    uint32_t depth;
    uint8_t stencil;
};

// When the target's clear is written: at once, or by the render threads,
// each clearing the tiles it draws (renderDraws) just before it draws them.
enum class InitialClear { Now, ByTiles };

struct Framebuffer {
    int width = 0, height = 0;
    ColorFormat colorFormat = ColorFormat::A8R8G8B8;
    DepthFormat depthFormat = DepthFormat::D24S8;
    std::vector<uint8_t> color;    // RGBA8 (memory order R, G, B, A)
    UninitializedVector<uint32_t> depth;  // UNORM Dn: round(z * (2^n - 1)); float formats: the float's bits
    UninitializedVector<uint8_t> stencil;
    // InitialClear::ByTiles: the clear the colour, depth and stencil planes
    // still wait for (their contents are unspecified until clearTile has
    // run over every tile); empty once written.
    std::optional<StoredClear> pendingClear;
    // The draw records: empty, and not filled, when nothing reads them (a
    // render to the final image only: ExtraPlanes::drawRecords).
    std::vector<uint32_t> drawId;    // draw index + 1 of the last write, 0 = clear
    std::vector<uint16_t> overdraw;  // fragments written
    // The draws whose fragments reached each pixel (draw attribution,
    // raster/rasterize/touch_record.h); empty, and not filled, unless asked for.
    DrawTouches touches;
    // The ambiguity map's coverage planes (raster/rasterize/ambiguity.h);
    // empty, and not filled, unless a render asks for the map.
    std::vector<uint32_t> nearEdge;     // draw index + 1 of the last triangle with an edge near the pixel's sample
    std::vector<uint32_t> robustCover;  // draw index + 1 of the last triangle covering it with a margin
    // The other criteria's planes (raster/ambiguity/probe.h), AmbiguityCause bits:
    // of the pixel's value, and of the fragment on its way through the merger.
    std::vector<uint8_t> knife;
    std::vector<uint8_t> knifePending;

    Framebuffer() = default;
    // Cleared to the target's clear values, now or by tiles (pendingClear);
    // with the draw records unless `drawRecords` is false.
    explicit Framebuffer(const RenderTargetDesc& target, bool drawRecords = true,
                         InitialClear when = InitialClear::Now);
    // Writes pendingClear into the colour, depth and stencil of one tile.
    void clearTile(const PixelBounds& tile);

    size_t index(int x, int y) const { return size_t(y) * size_t(width) + size_t(x); }
    // Stores a colour as held (clears, fills and copies; Rgba8 is raster/pixel/rgba.h).
    template <class Rgba8Like>
    void setColor(size_t i, const Rgba8Like& c) {
        uint8_t* p = &color[i * 4];
        p[0] = c.r;
        p[1] = c.g;
        p[2] = c.b;
        p[3] = c.a;
    }
    // A clear, fill or copy replaced pixel i: no draw wrote or touched it since.
    void markCleared(size_t i) {
        if (!drawId.empty()) drawId[i] = 0;
        touches.forget(i);
    }
    bool hasAlpha() const { return colorBits(colorFormat).a > 0; }
};

}  // namespace refrast
