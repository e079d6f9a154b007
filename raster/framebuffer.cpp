// SPDX-License-Identifier: MIT
#include "raster/framebuffer.h"

#include "raster/output/color_format.h"
#include "raster/output/depth_test.h"
#include "refrast/scene.h"

namespace refrast {

Framebuffer::Framebuffer(const RenderTargetDesc& t, bool drawRecords)
    : width(t.width), height(t.height), colorFormat(t.colorFormat), depthFormat(t.depthFormat) {
    const size_t n = size_t(width) * size_t(height);
    const Rgba8 stored = storedClearColor(colorFormat, t.clearColor);
    const uint8_t rgba[4] = {stored.r, stored.g, stored.b, stored.a};
    // Each plane is written once, by its clear: no zero-fill before the clear value.
    color.reserve(n * 4);
    std::vector<uint8_t> row(size_t(width) * 4);
    for (size_t i = 0; i < row.size(); ++i) row[i] = rgba[i % 4];
    for (int y = 0; y < height; ++y) color.insert(color.end(), row.begin(), row.end());
    depth.assign(n, storeDepth(depthFormat, t.clearDepth));
    stencil.assign(n, t.clearStencil);
    if (!drawRecords) return;
    drawId.assign(n, 0);
    overdraw.assign(n, 0);
}

}  // namespace refrast
