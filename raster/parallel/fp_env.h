// SPDX-License-Identifier: MIT
// Pins the floating-point environment every pipeline thread computes in:
// round to nearest even, no flush-to-zero, no denormals-are-zero
// (HOUSE-STYLE 4.3.2; lp_test_arit shows how FTZ breaks a reference).
#pragma once

namespace refrast {

void pinFloatingPointEnvironment();

}  // namespace refrast
