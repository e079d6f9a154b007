// SPDX-License-Identifier: MIT
// The span the pixel path shades in one pass: up to kSpanQuads covered 2×2
// quads of one triangle, gathered row by row across its quad rows, pixel k
// of quad q being span pixel 4q + k. A span holds 16 quads, 64 pixels:
// four lane groups at AVX-512's 16 floats, so
// what a kernel pays once per span (the plan's branches, the sampler's level
// views, the call through the level dispatch) is paid once per 64 pixels of
// a wide triangle (16-pixel spans cost W2 18 % more instructions). Planes of
// span values are padded to it, so a kernel loads whole lane groups at every
// width (pixels past a span's count are computed and ignored).
#pragma once

#include <cstdint>

namespace refrast {

constexpr int kSpanQuads = 16;
constexpr int kSpanPixels = 4 * kSpanQuads;

// Bit 4q + k: pixel k of quad q.
using SpanMask = uint64_t;

// Quad q's four bits of a span mask, and back.
inline uint8_t quadBits(SpanMask m, int q) { return uint8_t(m >> (4 * q) & 0xF); }
inline SpanMask spanBits(uint8_t quad, int q) { return SpanMask(uint64_t(quad & 0xF) << (4 * q)); }

// Every pixel of the span's first `quads` quads.
inline SpanMask allQuads(int quads) { return quads >= kSpanQuads ? ~SpanMask(0) : SpanMask((SpanMask(1) << (4 * quads)) - 1u); }

}  // namespace refrast
