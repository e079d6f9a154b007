// SPDX-License-Identifier: MIT
// lane_ops.inl at the avx512 lane width.
#define REFRAST_LANES_TARGET 3
#include "tests/raster/lanes/lane_ops.inl"
