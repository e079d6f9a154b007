// SPDX-License-Identifier: MIT
// Depth storage and the depth test (D3DRS_ZENABLE, ZFUNC, ZWRITEENABLE).
// Spec: fixed-function reference §3: UNORM depth round(z * (2^n - 1)); the
// incoming depth is converted to the buffer's format, then compared.
#pragma once

#include "raster/output/compare.h"
#include "raster/state/d3d_enums.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace refrast {

// 2^n - 1, the largest stored value of an n-bit UNORM depth (exact in a
// double for n <= 53; an integer shift, not a libm ldexp call per pixel).
inline double depthUnormMax(int bits) { return double((uint64_t(1) << bits) - 1u); }

// The stored form of a depth in [0, 1] (clamped first; NaN stores as 0).
// UNORM formats (D16, D15S1, D24*, D32): round-half-up of z * (2^n - 1) in
// double: exact for n <= 24 (a 24-bit mantissa times a 24-bit integer fits in
// a double's 53 bits); for D32 the double product is rounded once, the same
// on every machine (docs/fixed-function.md R-2, §15.2).
// Float formats (D32F_LOCKABLE, D24FS8): the float's bits (compared as floats).
inline uint32_t storeDepth(DepthFormat format, float z) {
    const float zc = z > 0.0f ? (z < 1.0f ? z : 1.0f) : 0.0f;
    const int bits = depthBits(format);
    if (bits == 0) {
        uint32_t stored;
        std::memcpy(&stored, &zc, 4);
        return stored;
    }
    return uint32_t(std::floor(double(zc) * depthUnormMax(bits) + 0.5));
}

inline float loadDepth(DepthFormat format, uint32_t stored) {
    const int bits = depthBits(format);
    if (bits == 0) {
        float z;
        std::memcpy(&z, &stored, 4);
        return z;
    }
    return float(double(stored) / depthUnormMax(bits));
}

// Stored values of both formats order like the depths they hold (non-negative
// floats order like their bits), so the test compares the stored integers.
inline bool depthTest(Cmp zFunc, uint32_t incoming, uint32_t stored) { return compare(zFunc, incoming, stored); }

}  // namespace refrast
