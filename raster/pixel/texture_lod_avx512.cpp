// SPDX-License-Identifier: MIT
// texture_lod.inl at the avx512 lane width (flags: CMakeLists.txt, REFRAST_LANE_FLAGS).
#define REFRAST_LANES_TARGET 3
#include "raster/pixel/texture_lod.inl"
