// SPDX-License-Identifier: MIT
// Depth storage and the depth test (D3DRS_ZENABLE, ZFUNC, ZWRITEENABLE).
// Spec: fixed-function reference §3: UNORM depth round(z * (2^n - 1)); the
// incoming depth is converted to the buffer's format, then compared.
// The formulas are depth_stencil.inl's at width 1 (the span kernel,
// depth_stencil_span.h, runs them over lanes).
#pragma once

#include "raster/state/d3d_enums.h"

#include <cstdint>

namespace refrast {

// The stored form of a depth in [0, 1] (clamped first; NaN stores as 0).
// UNORM formats (D16, D15S1, D24*, D32): round-half-up of z * (2^n - 1) in
// double (docs/fixed-function.md R-2, §15.2); float formats (D32F_LOCKABLE,
// D24FS8): the float's bits.
uint32_t storeDepth(DepthFormat format, float z);

// The depth a stored value holds (the debug views): stored / (2^n - 1), or the float.
float loadDepth(DepthFormat format, uint32_t stored);

// Stored values of both formats order like the depths they hold (non-negative
// floats order like their bits), so the test compares the stored integers.
bool depthTest(Cmp zFunc, uint32_t incoming, uint32_t stored);

}  // namespace refrast
