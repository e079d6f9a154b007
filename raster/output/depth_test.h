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

constexpr double kD24Max = 16777215.0;  // 2^24 - 1

// The stored form of a depth in [0, 1] (clamped first; NaN stores as 0).
// D24: round-half-up of z * (2^24 - 1) in double, exact for every float z
// (docs/fixed-function.md R-2). D32F: the float's bits (compared as floats).
inline uint32_t storeDepth(DepthFormat format, float z) {
    const float zc = z > 0.0f ? (z < 1.0f ? z : 1.0f) : 0.0f;
    if (format == DepthFormat::D32F) {
        uint32_t bits;
        std::memcpy(&bits, &zc, 4);
        return bits;
    }
    return uint32_t(std::floor(double(zc) * kD24Max + 0.5));
}

inline float loadDepth(DepthFormat format, uint32_t stored) {
    if (format == DepthFormat::D32F) {
        float z;
        std::memcpy(&z, &stored, 4);
        return z;
    }
    return float(double(stored) / kD24Max);
}

// Stored values of both formats order like the depths they hold (non-negative
// floats order like their bits), so the test compares the stored integers.
inline bool depthTest(Cmp zFunc, uint32_t incoming, uint32_t stored) { return compare(zFunc, incoming, stored); }

}  // namespace refrast
