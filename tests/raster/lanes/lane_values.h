// SPDX-License-Identifier: MIT
// The inputs and the comparison of the lane-equivalence tests: the levels
// wider than width 1, special float values (±0, ±inf, NaN, denormals, exact
// ties) mixed with random ones, "the same bits", and the span kernels'
// whole quad rows.
#pragma once

#include "raster/lanes/simd_level.h"
#include "raster/rasterize/interpolate.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <random>

namespace refrast {

inline constexpr SimdLevel kWide[] = {SimdLevel::Sse, SimdLevel::Avx2, SimdLevel::Avx512};
inline constexpr int kWidthOf[] = {1, 4, 8, 16};

inline constexpr float kInf = std::numeric_limits<float>::infinity();
inline const float kSpecials[] = {0.0f, -0.0f, kInf, -kInf, std::numeric_limits<float>::quiet_NaN(),
                           -std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::denorm_min(),
                           -std::numeric_limits<float>::denorm_min(), 1.0e-39f, 0.5f, -0.5f, 1.5f, -1.5f,
                           1.0f, std::nextafter(1.0f, 0.0f), 255.0f / 256.0f, 3.0f / 512.0f, 1073741824.0f,
                           -1073741824.0f, 3.0e38f, -3.0e38f, 2.0f, 0.25f, 7.0f};

// A float from the specials, or a random one of any exponent, or a random
// multiple of 1/512 (ties of the bilinear weights and of floor).
inline float pick(std::mt19937& rng) {
    switch (rng() % 4) {
        case 0: return kSpecials[rng() % std::size(kSpecials)];
        case 1: return std::bit_cast<float>(uint32_t(rng()));
        case 2: return float(int32_t(rng() % 8192) - 4096) / 512.0f;
        default: return std::uniform_real_distribution<float>(-4.0f, 4.0f)(rng);
    }
}

// Bitwise equal, except that any NaN equals any NaN: which operand's payload
// (and sign) an x86 op passes on depends on operand order the compiler may
// commute, and no pixel reads a payload (every NaN meets a saturate, a
// compare or rule T-6 first).
inline bool sameBits(const float* a, const float* b, int n) {
    for (int k = 0; k < n; ++k)
        if (!(std::isnan(a[k]) && std::isnan(b[k])) && std::bit_cast<uint32_t>(a[k]) != std::bit_cast<uint32_t>(b[k]))
            return false;
    return true;
}
inline bool sameBits(const int32_t* a, const int32_t* b, int n) { return std::memcmp(a, b, sizeof(int32_t) * size_t(n)) == 0; }

// A whole quad row (quad_pixels.inl wholeQuadRow): kSpanQuads neighbours
// from (x, y), every pixel live, or in half the draws all but one (the span
// kernels' row copy, and the quad by quad one for a row with a dead
// pixel). Returns the live mask.
inline SpanMask wholeQuadRowSpan(std::mt19937& rng, int x, int y, QuadSpan& span) {
    span.quads = kSpanQuads;
    for (int q = 0; q < kSpanQuads; ++q) span.x[q] = x + 2 * q, span.y[q] = y;
    SpanMask live = ~SpanMask(0);
    if (rng() % 2) {  // one dead pixel (drawn in order: argument order is unspecified)
        const unsigned pixel = rng() % 4, quad = rng() % kSpanQuads;
        live &= ~spanBits(uint8_t(1u << pixel), int(quad));
    }
    return live;
}

}  // namespace refrast
