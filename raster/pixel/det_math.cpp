// SPDX-License-Identifier: MIT
#include "raster/pixel/det_math.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace refrast {

namespace {

constexpr float kLog2E = 1.44269502162933349609375f;     // float32 nearest to 1/ln 2
// ln 2 split so that k * kLn2Hi is exact for |k| <= 2^11 (kLn2Hi has 12 trailing zero bits).
constexpr float kLn2Hi = 0.693145751953125f;             // 0x3F317200
constexpr float kLn2Lo = 1.428606765330187045e-06f;      // ln 2 - kLn2Hi
constexpr float kExpMaxArg = 88.72283935546875f;         // largest x with finite e^x in float32
constexpr float kExpMinArg = -87.33654022216797f;        // ln(FLT_MIN): smallest normal result

// 2^k for k in [-126, 127] from the exponent field.
float pow2(int k) { return std::bit_cast<float>(uint32_t(k + 127) << 23); }

// e^r for |r| <= ln2/2: Taylor series to r^7 (truncation error < r^8/8! < 6e-9),
// Horner order fixed.
float expPolynomial(float r) {
    float p = 1.0f / 5040.0f;
    p = p * r + 1.0f / 720.0f;
    p = p * r + 1.0f / 120.0f;
    p = p * r + 1.0f / 24.0f;
    p = p * r + 1.0f / 6.0f;
    p = p * r + 0.5f;
    p = p * r + 1.0f;
    return p * r + 1.0f;
}

}  // namespace

float detExp(float x) {
    if (std::isnan(x)) return x;
    if (x > kExpMaxArg) return std::numeric_limits<float>::infinity();
    if (x < kExpMinArg) return 0.0f;
    const float k = std::floor(x * kLog2E + 0.5f);  // nearest integer, ties up
    const float r = (x - k * kLn2Hi) - k * kLn2Lo;
    const int ki = int(k);                            // in [-126, 128]
    const int half = ki / 2;                          // two steps keep each 2^k in range
    return expPolynomial(r) * pow2(half) * pow2(ki - half);
}

}  // namespace refrast
