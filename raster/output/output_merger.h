// SPDX-License-Identifier: MIT
// The output merger for one fragment: alpha test, stencil and depth tests
// with their writes, blending and the colour write mask, in the order of
// fixed-function reference §0 steps 6-8.
#pragma once

#include "raster/draw_context.h"
#include "raster/framebuffer.h"
#include "raster/output/color_write.h"
#include "raster/pixel/pixel_stage.h"

namespace refrast {

struct FragmentOut {
    int x, y;
    float z;          // window depth before clamping
    Rgba color;
    bool frontFacing;
};

void mergeFragment(const DrawContext& ctx, uint32_t drawIndex, const FragmentOut& f, Framebuffer& fb);

}  // namespace refrast
