// SPDX-License-Identifier: MIT
// vertex_lighting.inl at the avx512 lane width (flags: CMakeLists.txt, REFRAST_LANE_FLAGS).
#define REFRAST_LANES_TARGET 3
#include "raster/vertex/vertex_lighting.inl"
