// SPDX-License-Identifier: MIT
// Shift-and-square fixed-point log2 (D. E. Knuth, TAOCP vol. 1, 1.2.2 ex. 25;
// the classic "binary logarithm" bit-by-bit algorithm).
// Spec: docs/textures.md rule T-9.
#include "raster/math/log2_fixed.h"

#include <cassert>
#include <cmath>

namespace refrast {

int32_t log2Fixed(double x, int fracBits) {
    assert(fracBits >= 0 && fracBits <= 24);  // |result| <= 64 · 2^24 fits int32
    const int32_t one = int32_t(1) << fracBits;
    const int32_t limit = kLog2FixedLimit * one;
    if (!(x > 0.0)) return -limit;  // also NaN
    if (std::isinf(x)) return limit;
    int exponent = 0;
    double m = std::frexp(x, &exponent);  // exact: x = m · 2^exponent, m in [0.5, 1)
    m *= 2.0;                             // exact: m in [1, 2)
    exponent -= 1;
    if (exponent >= kLog2FixedLimit) return limit;
    if (exponent < -kLog2FixedLimit) return -limit;
    const double fraction =
        log2FixedFraction(m, fracBits, 2.0, 0.5, 1.0, [](bool c, double a, double b) { return c ? a : b; });
    return exponent * one + int32_t(fraction);
}

}  // namespace refrast
