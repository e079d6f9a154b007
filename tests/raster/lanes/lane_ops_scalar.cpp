// SPDX-License-Identifier: MIT
// lane_ops.inl at the scalar lane width.
#define REFRAST_LANES_TARGET 0
#include "tests/raster/lanes/lane_ops.inl"
