// SPDX-License-Identifier: MIT
// refrast's own deterministic transcendentals for pixel math: a fixed sequence
// of IEEE float32 operations, so results do not depend on libm, compiler or CPU.
// Spec: ARCHITECTURE.md rule 1; algorithm in docs/fixed-function.md R-13.
#pragma once

namespace refrast {

// e^x in float32. Cody-Waite range reduction x = k*ln2 + r (|r| <= ln2/2),
// degree-7 Taylor polynomial for e^r in Horner form, scaling by 2^k built from
// exponent bits. Relative error below 2 ulp on [-87.3, 88.7]; x < -87.33654 gives
// 0, x > 88.72284 gives +inf, NaN gives NaN.
float detExp(float x);

}  // namespace refrast
