// SPDX-License-Identifier: MIT
// lane_ops.inl at the sse lane width.
#define REFRAST_LANES_TARGET 1
#include "tests/raster/lanes/lane_ops.inl"
