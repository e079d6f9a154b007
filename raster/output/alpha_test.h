// SPDX-License-Identifier: MIT
// The alpha test (D3DRS_ALPHATESTENABLE, ALPHAFUNC, ALPHAREF).
// Spec: fixed-function reference §6: pass if A8 <func> (ALPHAREF & 0xFF) with
// A8 = the pixel alpha quantised like the 8-bit target (rule R-8).
// Implements: all eight D3DCMPFUNC functions. Does not implement: alpha-to-coverage.
#pragma once

#include "raster/state/alpha_test_state.h"

namespace refrast {

// True when the pixel survives (always true while the test is disabled). A
// discarded pixel writes neither colour, depth nor stencil.
bool alphaTest(const AlphaTestState& state, float alpha);

}  // namespace refrast
