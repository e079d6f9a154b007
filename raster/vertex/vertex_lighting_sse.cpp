// SPDX-License-Identifier: MIT
// vertex_lighting.inl at the sse lane width (flags: CMakeLists.txt, REFRAST_LANE_FLAGS).
#define REFRAST_LANES_TARGET 1
#include "raster/vertex/vertex_lighting.inl"
