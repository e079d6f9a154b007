// SPDX-License-Identifier: MIT
// depth_stencil_span.inl at the sse lane width (flags: CMakeLists.txt, REFRAST_LANE_FLAGS).
#define REFRAST_LANES_TARGET 1
#include "raster/output/depth_stencil_span.inl"
