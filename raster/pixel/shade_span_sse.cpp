// SPDX-License-Identifier: MIT
// shade_span.inl at the sse lane width (flags: CMakeLists.txt, REFRAST_LANE_FLAGS).
#define REFRAST_LANES_TARGET 1
#include "raster/pixel/shade_span.inl"
