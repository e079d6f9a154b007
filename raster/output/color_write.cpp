// SPDX-License-Identifier: MIT
#include "raster/output/color_write.h"

namespace refrast {

uint8_t encodeUnorm8(float x) {
    // sat first, so x * 255 + 0.5 lies in [0.5, 255.5] and truncation is floor.
    return uint8_t(int(saturate(x) * 255.0f + 0.5f));
}

Rgba8 encodeRgba8(const Rgba& c) { return {encodeUnorm8(c.r), encodeUnorm8(c.g), encodeUnorm8(c.b), encodeUnorm8(c.a)}; }

Rgba8 colorWrite(uint8_t writeMask, Rgba8 value, Rgba8 stored) {
    return {(writeMask & 1) ? value.r : stored.r, (writeMask & 2) ? value.g : stored.g,
            (writeMask & 4) ? value.b : stored.b, (writeMask & 8) ? value.a : stored.a};
}

}  // namespace refrast
