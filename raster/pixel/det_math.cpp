// SPDX-License-Identifier: MIT
// det_math.inl at width 1 (this unit is compiled for the x86-64 baseline,
// lanes_scalar): refrast's detExp.
#define REFRAST_LANES_TARGET 0
#include "raster/pixel/det_math.inl"

#include "raster/pixel/det_math.h"

namespace refrast {

float detExp(float x) { return lanes_scalar::detExp(x); }

}  // namespace refrast
