// SPDX-License-Identifier: MIT
// vertex_lighting.inl at the scalar lane width (flags: CMakeLists.txt, REFRAST_LANE_FLAGS).
#define REFRAST_LANES_TARGET 0
#include "raster/vertex/vertex_lighting.inl"
