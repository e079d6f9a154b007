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
// +∞ (or anything ≥ 2^kLog2FixedLimit) gives +kLog2FixedLimit · 2^fracBits.
int32_t log2Fixed(double x, int fracBits);

}  // namespace refrast
