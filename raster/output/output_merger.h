// SPDX-License-Identifier: MIT
// The output merger for one fragment: alpha test, stencil and depth tests
// with their writes, blending and the colour write mask, in the order of
// fixed-function reference §0 steps 6-8.
#pragma once

#include "raster/draw_context.h"
#include "raster/framebuffer.h"
#include "raster/pixel/pixel_stage.h"

namespace refrast {

struct FragmentOut {
    int x, y;
    float z;          // window depth before clamping
    Rgba color;
    bool frontFacing;
};

void mergeFragment(const DrawContext& ctx, uint32_t drawIndex, const FragmentOut& f, Framebuffer& fb);

// UNORM8 encode of one channel: saturate, then floor(x * 255 + 0.5)
// (fixed-function reference §8; docs/fixed-function.md R-3).
inline uint8_t encodeUnorm8(float x) {
    const float s = x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f;  // NaN -> 0
    return uint8_t(int(s * 255.0f + 0.5f));
}

}  // namespace refrast
