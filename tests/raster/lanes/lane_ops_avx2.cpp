// SPDX-License-Identifier: MIT
// lane_ops.inl at the avx2 lane width.
#define REFRAST_LANES_TARGET 2
#include "tests/raster/lanes/lane_ops.inl"
