// SPDX-License-Identifier: MIT
// The sub-pixel grid of triangle setup and its range budget.
// Spec: D3D10+ SUBPIXEL_FRACTIONAL_BIT_COUNT = 8; llvmpipe FIXED_ORDER 8
// (fixed-function reference §1.4). Window positions are snapped to 1/256 px,
// round half up, before edge setup (docs/fixed-function.md R-1).
#pragma once

#include <cmath>
#include <cstdint>

namespace refrast {

constexpr int kSubpixelBits = 8;
constexpr int32_t kSubpixelOne = 1 << kSubpixelBits;  // one pixel in fixed point

// Clipping keeps window coordinates within +-kGuardBandPixels (the guard band
// of raster/vertex/vertex_stage.h); float error at the band may overshoot it a
// little, so the fixed-point range is twice as large.
constexpr float kGuardBandPixels = 16384.0f;
constexpr int64_t kMaxFixedCoord = int64_t(2 * 16384) << kSubpixelBits;  // 2^23

// Edge functions are products of two coordinate differences, each below
// 2 * kMaxFixedCoord = 2^24, so they fit in 2^48 << 2^63; stepping across a
// 16384-px target adds at most 2^24 * 2^22 more.
static_assert(kMaxFixedCoord * 2 * kMaxFixedCoord * 2 < (int64_t(1) << 50), "edge function budget");

// Snaps a window coordinate to the sub-pixel grid: round(v * 256), half up,
// clamped to +-kMaxFixedCoord. NaN (which clipping keeps from reaching setup)
// snaps to 0 rather than being converted, which C++ leaves undefined. The
// formula is the vertex position kernel's (raster/vertex/vertex_position.inl),
// which snaps every vertex of a draw; this is its width 1.
int32_t snapToSubpixel(float v);

// floor(num / den) for den > 0, exact: C++ division truncates toward zero,
// so a negative remainder means the quotient is one above the floor. One
// division, no branch (the traversal's run bounds, whose numerators change
// sign from row to row: a sign branch mispredicted there).
inline int64_t floorDiv(int64_t num, int64_t den) {
    const int64_t quotient = num / den, remainder = num % den;
    return quotient - (remainder < 0 ? 1 : 0);
}

// The pixel whose sample area holds a fixed-point position: samples sit on
// multiples of 256 and own [s - 128, s + 128) (R-16, points and lines).
inline int pixelOfFixed(int32_t fixed) {
    return int(floorDiv(int64_t(fixed) + kSubpixelOne / 2, kSubpixelOne));
}

}  // namespace refrast
