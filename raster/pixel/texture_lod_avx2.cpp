// SPDX-License-Identifier: MIT
// texture_lod.inl at the avx2 lane width (flags: CMakeLists.txt, REFRAST_LANE_FLAGS).
#define REFRAST_LANES_TARGET 2
#include "raster/pixel/texture_lod.inl"
