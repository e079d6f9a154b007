// SPDX-License-Identifier: MIT
// shade_span.inl at the scalar lane width (flags: CMakeLists.txt, REFRAST_LANE_FLAGS).
#define REFRAST_LANES_TARGET 0
#include "raster/pixel/shade_span.inl"
