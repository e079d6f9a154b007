// SPDX-License-Identifier: MIT
// The final conversion to 8-bit UNORM and the colour write mask.
// Spec: fixed-function reference §8 (encode), §7 (D3DRS_COLORWRITEENABLE masks
// channels after blending); rule R-3 in docs/fixed-function.md.
#pragma once

#include "raster/pixel/rgba.h"

#include <cstdint>

namespace refrast {

// sat(x) then floor(x * 255 + 0.5) (round half up). The one float -> UNORM8
// encode of refrast: every pixel, alpha-test quantisation and blend result uses it.
// Sat first, so x * 255 + 0.5 lies in [0.5, 255.5] and truncation is floor.
inline uint8_t encodeUnorm8(float x) { return uint8_t(int(saturate(x) * 255.0f + 0.5f)); }

inline Rgba8 encodeRgba8(const Rgba& c) {
    return {encodeUnorm8(c.r), encodeUnorm8(c.g), encodeUnorm8(c.b), encodeUnorm8(c.a)};
}

// D3DRS_COLORWRITEENABLE: bit 0 red, 1 green, 2 blue, 3 alpha; a cleared bit
// keeps the stored channel.
inline Rgba8 colorWrite(uint8_t writeMask, Rgba8 value, Rgba8 stored) {
    return {(writeMask & 1) ? value.r : stored.r, (writeMask & 2) ? value.g : stored.g,
            (writeMask & 4) ? value.b : stored.b, (writeMask & 8) ? value.a : stored.a};
}

}  // namespace refrast
