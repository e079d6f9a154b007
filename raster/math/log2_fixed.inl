// SPDX-License-Identifier: MIT
// log2Fixed over float lanes (raster/math/log2_fixed.h, docs/textures.md
// rule T-9), included by each lane kernel after it sets REFRAST_LANES_TARGET;
// log2_fixed.cpp includes it at width 1, and that is refrast's log2Fixed.
// x = m · 2^e with m in [1, 2) from the float's bits (exact), the squaring
// steps of log2FixedFraction in double lanes, then the int32 result
// e · 2^fracBits + fraction and the ±kLog2FixedLimit clamps.
#include "raster/lanes/lanes.h"
#include "raster/math/log2_fixed.h"

namespace refrast::REFRAST_LANES_NS {

// floor(log2(x) · 2^fracBits) per lane (log2Fixed). Only lanes [0, used)
// need an answer: a double half with none of them skips its squaring steps.
// Always inlined: a kernel must not emit it out of line (kernel_symbols).
[[gnu::always_inline]] inline I32 log2Fixed(F x, int fracBits, int used = kWidth) {
    const int32_t one = int32_t(1) << fracBits;
    const int32_t limit = kLog2FixedLimit * one;
    const I32 bits = asInt(x);
    // !(x > 0), NaN included: x > 0 are the bits 1 ... 0x7F800000 (+denormal
    // ... +inf) read as int32; negative numbers and −0 have the sign bit.
    const I32 zero = splatI(0), infinity = splatI(0x7F800000);
    const IMask notPositive = (bits <= zero) | (bits > infinity);
    // The unbiased exponent; a denormal's (−127) and +inf's (128) are beyond ±64
    // and clamp, so neither needs its own case.
    const I32 exponent = ((bits >> 23) & splatI(0xFF)) - splatI(127);
    const I32 mantissaBits = bits & splatI(0x7FFFFF);
    I32 fractionSteps;
    if (fracBits == 8) {
        // The mip λ's 8 bits: the same squaring steps' staircase, looked up
        // (log2_fixed.h kLog2Fraction8): a bucket's base, plus one from its step on.
        const I32 entry = gather(kLog2Fraction8.entry, mantissaBits >> 11);
        fractionSteps = (entry & splatI(0xFF)) +
                        select((mantissaBits & splatI(2047)) >= (entry >> 8), splatI(1), splatI(0));
    } else {
        const F mantissa = asFloat(mantissaBits | splatI(0x3F800000));  // m in [1, 2), exact
        D m[kDoubleParts], fraction[kDoubleParts];
        toDoubles(mantissa, m);
        constexpr int kHalf = kWidth / kDoubleParts;
        for (int h = 0; h < kDoubleParts; ++h)
            fraction[h] = h * kHalf < used ? log2FixedFraction(m[h], fracBits, splatD(2.0), splatD(0.5), splatD(1.0),
                                                               [](DMask c, D a, D b) { return select(c, a, b); })
                                           : splatD(0.0);
        // fraction < 2^fracBits ≤ 2^24: exact as a float and as an int32.
        fractionSteps = truncToInt(fromDoubles(fraction));
    }
    // The exponent is clamped first so e · 2^fracBits cannot overflow.
    const I32 e = clamp(exponent, splatI(-kLog2FixedLimit), splatI(kLog2FixedLimit));
    const I32 steps = e * splatI(one) + fractionSteps;
    const IMask low = notPositive | (exponent < splatI(-kLog2FixedLimit));
    return select(low, splatI(-limit), select(exponent >= splatI(kLog2FixedLimit), splatI(limit), steps));
}

}  // namespace refrast::REFRAST_LANES_NS
