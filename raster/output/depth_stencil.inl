// SPDX-License-Identifier: MIT
// The depth and stencil formulas over lanes (depth_test.h, stencil_test.h):
// the stored form of a depth, the depth test, the stencil test and every
// D3DSTENCILOP under the write mask, one lane per pixel. Compiled once per
// SIMD level (depth_stencil_span_<level>.cpp) and at width 1 by
// depth_test.cpp and stencil_test.cpp, whose scalar functions are this code.
// Depths travel as the stored uint32 in the lanes' int32 bits; stencil values
// as 0..255.
#pragma once

#include "raster/lanes/lanes.h"
#include "raster/output/compare.h"
#include "raster/state/render_state.h"

namespace refrast::REFRAST_LANES_NS {

// 2^n - 1, the largest stored value of an n-bit UNORM depth (exact in a
// double for n <= 53; an integer shift, not a libm ldexp call per pixel).
inline double depthUnormMax(int bits) { return double((uint64_t(1) << bits) - 1u); }

// The stored form of depths in [0, 1] (clamped first; NaN stores as 0, -0 as +0).
// UNORM formats (D16, D15S1, D24*, D32): round-half-up of z * (2^n - 1) in
// double: exact for n <= 24 (a 24-bit mantissa times a 24-bit integer fits in
// a double's 53 bits); for D32 the double product is rounded once, the same
// on every machine (docs/fixed-function.md R-2, §15.2).
// Float formats (D32F_LOCKABLE, D24FS8): the float's bits (compared as floats).
inline I32 storeDepth(DepthFormat format, F z) {
    const F zc = select(z > splat(0.0f), select(z < splat(1.0f), z, splat(1.0f)), splat(0.0f));
    const int bits = depthBits(format);
    if (bits == 0) return asInt(zc);
    const D unormMax = splatD(depthUnormMax(bits)), half = splatD(0.5);
    D d[kDoubleParts];
    toDoubles(zc, d);
    for (D& part : d) part = floor(part * unormMax + half);
    return truncToUint32(d);
}

// Stored values of both formats order like the depths they hold (non-negative
// floats order like their bits), so the test compares the stored integers as
// unsigned: with the sign bit flipped, signed lanes order like uint32.
inline IMask depthPasses(Cmp zFunc, I32 incoming, I32 stored) {
    const I32 sign = splatI(int32_t(0x80000000u));
    return compare(zFunc, incoming ^ sign, stored ^ sign);
}

// (ref & mask) CMP (stencil & mask), the low 8 bits of ref and mask.
inline IMask stencilPasses(const StencilFaceState& face, const StencilState& s, I32 stored) {
    const int32_t mask = int32_t(s.mask & 0xFF);
    return compare(face.func, splatI(int32_t(s.ref) & mask), stored & splatI(mask));
}

// The stencil value `op` makes of `stored`, before the write mask.
[[gnu::always_inline]] inline I32 stencilOpValue(StencilOp op, const StencilState& s, I32 stored) {
    const I32 one = splatI(1), byte = splatI(0xFF);
    switch (op) {
        case StencilOp::Keep: return stored;
        case StencilOp::Zero: return splatI(0);
        case StencilOp::Replace: return splatI(int32_t(s.ref & 0xFF));
        case StencilOp::IncrSat: return select(stored == byte, stored, stored + one);        // stays at 255
        case StencilOp::DecrSat: return select(stored == splatI(0), stored, stored - one);  // stays at 0
        case StencilOp::Invert: return ~stored & byte;
        case StencilOp::Incr: return (stored + one) & byte;  // wraps 255 -> 0
        case StencilOp::Decr: return (stored - one) & byte;  // wraps 0 -> 255
    }
    return stored;
}

// The new stencil value after `op`, merged under STENCILWRITEMASK's low 8 bits.
inline I32 stencilUpdate(StencilOp op, const StencilState& s, I32 stored) {
    const I32 writeMask = splatI(int32_t(s.writeMask & 0xFF));
    return (stored & ~writeMask) | (stencilOpValue(op, s, stored) & writeMask);
}

}  // namespace refrast::REFRAST_LANES_NS
