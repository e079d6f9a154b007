// SPDX-License-Identifier: MIT
// Shift-and-square fixed-point log2 (D. E. Knuth, TAOCP vol. 1, 1.2.2 ex. 25;
// the classic "binary logarithm" bit-by-bit algorithm): log2_fixed.inl at
// width 1 (this unit is compiled for the x86-64 baseline, lanes_scalar).
// Spec: docs/textures.md rule T-9.
#define REFRAST_LANES_TARGET 0
#include "raster/math/log2_fixed.inl"

#include <cassert>

namespace refrast {

constexpr detail::Log2Fraction8Table kLog2Fraction8 = detail::makeLog2Fraction8Table();

int32_t log2Fixed(float x, int fracBits) {
    assert(fracBits >= 0 && fracBits <= 24);  // |result| <= 64 · 2^24 fits int32
    return lanes_scalar::log2Fixed(x, fracBits);
}

}  // namespace refrast
