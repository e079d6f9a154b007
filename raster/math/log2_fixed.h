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
[[gnu::always_inline]] constexpr D log2FixedFraction(D m, int fracBits, D two, D half, D one, Select select) {
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

// The 8-bit fraction (the mip λ's, rule T-9) as a table: log2FixedFraction
// of m in [1, 2) depends only on m's 23 mantissa bits and never decreases
// as they grow (each step squares, rounds and halves monotonically, and a
// carry set in one mantissa and not in a smaller one already orders them),
// so it is a staircase of 256 steps. A step is at least ln 2 / 256 · m ≥
// 2^-9 wide, wider than 2^-12, so each of the 4096 buckets of the top 12
// mantissa bits holds at most one step: entry b = base | threshold << 8,
// the fraction at the bucket's first mantissa and the low 11 bits from which
// it is one more (2048: none). Built at compile time by the squaring steps
// themselves; a unit test compares it with them for all 2^23 mantissas.
constexpr int kLog2Fraction8Buckets = 4096;
namespace detail {
constexpr int32_t log2Fraction8OfMantissaBits(int32_t bits) {
    const double m = 1.0 + double(bits) / double(1 << 23);  // exact: 23 bits
    return int32_t(log2FixedFraction(m, 8, 2.0, 0.5, 1.0, [](bool c, double a, double b) { return c ? a : b; }));
}
// The smallest mantissa bits whose fraction is at least k (k = 1..255).
constexpr int32_t log2Fraction8Step(int32_t k) {
    int32_t lo = 0, hi = 1 << 23;  // fraction(hi - 1) = 255 >= k
    while (lo < hi) {
        const int32_t mid = lo + (hi - lo) / 2;
        if (log2Fraction8OfMantissaBits(mid) >= k) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}
struct Log2Fraction8Table {
    int32_t entry[kLog2Fraction8Buckets];
};
constexpr Log2Fraction8Table makeLog2Fraction8Table() {
    Log2Fraction8Table t{};
    for (int b = 0; b < kLog2Fraction8Buckets; ++b) t.entry[b] = log2Fraction8OfMantissaBits(b << 11) | 2048 << 8;
    for (int32_t k = 1; k < 256; ++k) {
        const int32_t step = log2Fraction8Step(k);
        if ((step & 2047) == 0) continue;  // at a bucket's start: its base has it
        int32_t& e = t.entry[step >> 11];
        if ((e >> 8) != 2048) throw "two steps in one bucket";  // not a constant expression: the build fails
        e = (e & 0xFF) | (step & 2047) << 8;
    }
    return t;
}
}  // namespace detail
// Defined in log2_fixed.cpp: an inline variable would be a weak symbol of
// every lane kernel outside its level's namespace (kernel_symbols).
extern const detail::Log2Fraction8Table kLog2Fraction8;

}  // namespace refrast
