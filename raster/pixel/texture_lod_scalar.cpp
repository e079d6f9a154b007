// SPDX-License-Identifier: MIT
// texture_lod.inl at the scalar lane width (flags: CMakeLists.txt, REFRAST_LANE_FLAGS).
#define REFRAST_LANES_TARGET 0
#include "raster/pixel/texture_lod.inl"
