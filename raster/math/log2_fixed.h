// SPDX-License-Identifier: MIT
// Deterministic fixed-point base-2 logarithm (no libm), for the mip LOD.
// Spec: docs/textures.md rule T-9 (shift-and-square logarithm).
#pragma once

#include <cstdint>

namespace refrast {

// Results are clamped to ±kLog2FixedLimit levels (far beyond any mip chain:
// a 16384 texture has 15 levels), so callers never see an infinity.
constexpr int kLog2FixedLimit = 64;

// floor(log2(x) · 2^fracBits) for x > 0, computed by exponent extraction plus
// the binary shift-and-square method: with x = m · 2^e, m in [1, 2), each of
// fracBits steps squares m in double and, when m ≥ 2, emits a 1 bit and halves
// m. Every step is an IEEE double multiply or exact halving, so the result is
// the same on every machine. x ≤ 0 or NaN gives −kLog2FixedLimit · 2^fracBits;
// +∞ (or anything ≥ 2^kLog2FixedLimit) gives +kLog2FixedLimit · 2^fracBits;
// anything below 2^−kLog2FixedLimit (every denormal) gives the lower limit.
// The formula is written once over lanes (log2_fixed.inl); this
// is its width 1. fracBits ≤ 24.
int32_t log2Fixed(float x, int fracBits);

// The fraction bits of log2Fixed for a mantissa m in [1, 2): fracBits times,
// m = m·m (double) and, when m >= 2, a 1 bit and m = m·0.5. Written once for
// log2Fixed over lanes (log2_fixed.inl) and the lighting's x^p (D = raster/lanes's
// double lanes, `select` theirs); the bits accumulate as an exact double. Always
// inlined: a lane kernel must not emit it out of line (kernel_symbols).
template <class D, class Select>
[[gnu::always_inline]] inline D log2FixedFraction(D m, int fracBits, D two, D half, D one, Select select) {
    D fraction = m - m;  // 0 (m is finite)
    for (int bit = 0; bit < fracBits; ++bit) {
        m = m * m;  // log2(m²) = 2 log2(m): the next bit moves to the integer position
        fraction = fraction + fraction;
        const auto carry = m >= two;
        m = select(carry, m * half, m);
        fraction = select(carry, fraction + one, fraction);
    }
    return fraction;
}

}  // namespace refrast
