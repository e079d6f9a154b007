// SPDX-License-Identifier: MIT
// sample_span.inl at the avx2 lane width (flags: CMakeLists.txt, REFRAST_LANE_FLAGS).
#define REFRAST_LANES_TARGET 2
#include "raster/pixel/sample_span.inl"
