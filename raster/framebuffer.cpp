// SPDX-License-Identifier: MIT
#include "raster/framebuffer.h"

#include "raster/output/color_format.h"
#include "raster/output/depth_test.h"
#include "raster/pipeline.h"
#include "raster/primitive/setup.h"
#include "refrast/scene.h"

#include <algorithm>
#include <cstring>

namespace refrast {

Framebuffer::Framebuffer(const RenderTargetDesc& t, bool drawRecords, InitialClear when)
    : width(t.width), height(t.height), colorFormat(t.colorFormat), depthFormat(t.depthFormat) {
    const size_t n = size_t(width) * size_t(height);
    const Rgba8 stored = storedClearColor(colorFormat, t.clearColor);
    pendingClear = StoredClear{{stored.r, stored.g, stored.b, stored.a}, storeDepth(depthFormat, t.clearDepth),
                               t.clearStencil};
    // Each plane is written once, by its clear: no fill before the clear
    // value (the colour plane, a std::vector because it moves into the
    // output image, is zero-filled by its resize: a memset, the cheapest write).
    color.resize(n * 4);
    depth.resize(n);
    stencil.resize(n);
    if (drawRecords) {
        drawId.assign(n, 0);
        overdraw.assign(n, 0);
    }
    if (when == InitialClear::ByTiles) return;
    clearTile({0, 0, width, height});
    pendingClear.reset();
}

void Framebuffer::clearTile(const PixelBounds& tile) {
    if (!pendingClear || tile.empty()) return;
    const StoredClear& c = *pendingClear;
    const size_t w = size_t(tile.x1 - tile.x0);
    // One row of the tile's colour, then copied row by row (a wider
    // rectangle than a tile is cleared in pieces of a tile's width).
    constexpr size_t kRowPixels = kTileSize;
    uint8_t row[kRowPixels * 4];
    for (size_t x = 0; x < kRowPixels; ++x) std::memcpy(row + x * 4, c.rgba, 4);
    for (int y = tile.y0; y < tile.y1; ++y) {
        const size_t i = index(tile.x0, y);
        for (size_t x = 0; x < w; x += kRowPixels) std::memcpy(&color[(i + x) * 4], row, std::min(kRowPixels, w - x) * 4);
        std::fill_n(&depth[i], w, c.depth);
        std::fill_n(&stencil[i], w, c.stencil);
    }
}

}  // namespace refrast
