// SPDX-License-Identifier: MIT
// The draw attribution's touch record (refrast/draw_touches.h): the one call
// a rasterizer makes where it knows which pixels a draw's fragments cover,
// before any test can discard them. Does nothing unless the render asked for
// the record (the framebuffer then has its planes).
#pragma once

#include "raster/framebuffer.h"

#include <cstdint>

namespace refrast {

// The record to fill, or none: taken once per primitive, so the per-quad
// call below costs one test of a register when the record is off.
inline DrawTouches* touchRecord(Framebuffer& fb) { return fb.touches.empty() ? nullptr : &fb.touches; }

// The pixels `covered` of the 2x2 quad at (x, y) (pixel k at (x + (k & 1),
// y + (k >> 1))) of a `width`-pixel-wide target get a fragment of draw `drawIndex`.
inline void recordTouches(DrawTouches* record, int width, uint32_t drawIndex, int x, int y, uint8_t covered) {
    if (!record) return;
    for (int k = 0; k < 4; ++k)
        if (covered >> k & 1)
            record->touch(size_t(y + (k >> 1)) * size_t(width) + size_t(x + (k & 1)), drawIndex + 1);
}

}  // namespace refrast
