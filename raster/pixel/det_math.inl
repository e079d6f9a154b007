// SPDX-License-Identifier: MIT
// detExp over lanes (det_math.h), included by each lane kernel after it sets
// REFRAST_LANES_TARGET; det_math.cpp includes it at width 1, and that is
// refrast's detExp. Cody-Waite range reduction x = k·ln2 + r (|r| ≤ ln2/2),
// the degree-7 Taylor polynomial of e^r in a fixed Horner order, and 2^k
// from exponent bits in two steps (docs/fixed-function.md R-13): the same
// IEEE float32 operations in the same order for every lane.
#pragma once

#include "raster/lanes/lanes.h"

namespace refrast::REFRAST_LANES_NS {

namespace det_math {

constexpr float kLog2E = 1.44269502162933349609375f;  // float32 nearest to 1/ln 2
// ln 2 split so that k * kLn2Hi is exact for |k| <= 2^11 (kLn2Hi has 12 trailing zero bits).
constexpr float kLn2Hi = 0.693145751953125f;         // 0x3F317200
constexpr float kLn2Lo = 1.428606765330187045e-06f;  // ln 2 - kLn2Hi
constexpr float kExpMaxArg = 88.72283935546875f;     // largest x with finite e^x in float32
constexpr float kExpMinArg = -87.33654022216797f;    // ln(FLT_MIN): smallest normal result

// 2^k for k in [-126, 127] from the exponent field.
[[gnu::always_inline]] inline F pow2(I32 k) { return asFloat((k + splatI(127)) << 23); }

// e^r for |r| <= ln2/2: Taylor series to r^7 (truncation error < r^8/8! < 6e-9),
// Horner order fixed.
[[gnu::always_inline]] inline F expPolynomial(F r) {
    F p = splat(1.0f / 5040.0f);
    p = p * r + splat(1.0f / 720.0f);
    p = p * r + splat(1.0f / 120.0f);
    p = p * r + splat(1.0f / 24.0f);
    p = p * r + splat(1.0f / 6.0f);
    p = p * r + splat(0.5f);
    p = p * r + splat(1.0f);
    return p * r + splat(1.0f);
}

}  // namespace det_math

// e^x: NaN gives NaN (x itself), x > 88.72284 gives +inf, x < -87.33654
// gives 0. Those lanes reduce 0 instead of x, so the int conversion below
// always sees a k in [-126, 128].
[[gnu::always_inline]] inline F detExp(F x) {
    using namespace det_math;
    const Mask above = x > splat(kExpMaxArg), below = x < splat(kExpMinArg), nan = isNan(x);
    const F xr = select(above | below | nan, splat(0.0f), x);
    const F k = floor(xr * splat(kLog2E) + splat(0.5f));  // nearest integer, ties up
    const F r = (xr - k * splat(kLn2Hi)) - k * splat(kLn2Lo);
    const I32 ki = truncToInt(k);                           // in [-126, 128]
    const I32 half = (ki - (ki >> 31)) >> 1;                // ki / 2, toward zero: each 2^k stays in range
    const F e = expPolynomial(r) * pow2(half) * pow2(ki - half);
    return select(nan, x, select(above, splat(__builtin_inff()), select(below, splat(0.0f), e)));
}

}  // namespace refrast::REFRAST_LANES_NS
