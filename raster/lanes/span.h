// SPDX-License-Identifier: MIT
// The span the pixel path shades in one pass: up to kSpanQuads covered 2×2
// quads of one quad row, pixel k of quad q being span pixel 4q + k. A span
// fills the widest lane count (AVX-512's 16 floats); planes of span values
// are padded to it, so a kernel loads whole lane groups at every width
// (pixels past a span's count are computed and ignored).
#pragma once

#include <cstdint>

namespace refrast {

constexpr int kSpanQuads = 4;
constexpr int kSpanPixels = 4 * kSpanQuads;

// Bit 4q + k: pixel k of quad q.
using SpanMask = uint16_t;

// Quad q's four bits of a span mask, and back.
inline uint8_t quadBits(SpanMask m, int q) { return uint8_t(m >> (4 * q) & 0xF); }
inline SpanMask spanBits(uint8_t quad, int q) { return SpanMask(unsigned(quad & 0xF) << (4 * q)); }

// Every pixel of the span's first `quads` quads.
inline SpanMask allQuads(int quads) { return SpanMask((1u << (4 * quads)) - 1u); }

}  // namespace refrast
