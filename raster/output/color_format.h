// SPDX-License-Identifier: MIT
// Colour surfaces with fewer than 8 bits per channel (D3DFMT_R5G6B5,
// X1R5G5B5, A1R5G5B5, A4R4G4B4, X4R4G4B4): each channel is quantised on write
// to its n bits with the same round-half-up UNORM rule as 8-bit targets
// (R-3 with 2^n - 1 in place of 255) and read back as q / (2^n - 1). The
// framebuffer keeps the n-bit value q replicated into the byte (the top n
// bits are q), which is also how the output image shows it (D3DX's
// expansion to 8 bits). docs/fixed-function.md §15.1.
#pragma once

#include "raster/output/color_write.h"
#include "raster/pixel/rgba.h"
#include "raster/state/d3d_enums.h"

#include <cstdint>

namespace refrast {

// q (n bits) replicated into a byte: q << (8 - n), then the top bits again
// below it (n = 5: q << 3 | q >> 2; n = 1: 0 or 255).
inline uint8_t expandBits(unsigned q, int n) {
    const unsigned top = q << (8 - n);
    unsigned v = top;
    for (int s = n; s < 8; s += n) v |= top >> s;
    return uint8_t(v);
}

// round-half-up of sat(x) * (2^n - 1), stored replicated; n = 8 is encodeUnorm8.
inline uint8_t encodeUnormBits(float x, int n) {
    if (n == 8) return encodeUnorm8(x);
    const float max = float((1u << n) - 1u);
    return expandBits(unsigned(int(saturate(x) * max + 0.5f)), n);
}

// The stored channel's value: q / (2^n - 1) (one correctly rounded division).
inline float decodeUnormBits(uint8_t stored, int n) {
    if (n == 8) return decodeUnorm8(stored);
    return float(unsigned(stored) >> (8 - n)) / float((1u << n) - 1u);
}

inline bool isEightBitFormat(ColorFormat f) { return colorBits(f).r == 8; }

// A colour as the format stores it; a format without alpha stores 255.
inline Rgba8 encodeForFormat(const Rgba& c, ColorFormat f) {
    const ColorBits b = colorBits(f);
    return {encodeUnormBits(c.r, b.r), encodeUnormBits(c.g, b.g), encodeUnormBits(c.b, b.b),
            b.a ? encodeUnormBits(c.a, b.a) : uint8_t(255)};
}

// A stored pixel's value; a format without alpha reads 1 ([WINE-FFP], test_blend).
inline Rgba decodeForFormat(Rgba8 stored, ColorFormat f) {
    const ColorBits b = colorBits(f);
    return {decodeUnormBits(stored.r, b.r), decodeUnormBits(stored.g, b.g), decodeUnormBits(stored.b, b.b),
            b.a ? decodeUnormBits(stored.a, b.a) : 1.0f};
}

// A D3DCOLOR clear value as stored: 8-bit formats keep its bytes (alpha 255
// without an alpha channel, R-3); narrower ones quantise c8 / 255.
inline Rgba8 storedClearColor(ColorFormat f, uint32_t argb) {
    const Rgba8 bytes{uint8_t(argb >> 16), uint8_t(argb >> 8), uint8_t(argb), uint8_t(argb >> 24)};
    if (isEightBitFormat(f)) return {bytes.r, bytes.g, bytes.b, colorBits(f).a ? bytes.a : uint8_t(255)};
    return encodeForFormat(decodeRgba8(bytes), f);
}

}  // namespace refrast
