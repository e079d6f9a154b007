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
uint8_t encodeUnorm8(float x);

Rgba8 encodeRgba8(const Rgba& c);

// D3DRS_COLORWRITEENABLE: bit 0 red, 1 green, 2 blue, 3 alpha; a cleared bit
// keeps the stored channel.
Rgba8 colorWrite(uint8_t writeMask, Rgba8 value, Rgba8 stored);

}  // namespace refrast
