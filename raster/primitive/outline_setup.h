// SPDX-License-Identifier: MIT
// Setup for FILLMODE POINT and WIREFRAME: a triangle that survives culling
// becomes its three vertices as points, or its three edges as lines.
// Spec: D3DFILLMODE; docs/fixed-function.md §2.4.
#pragma once

#include "raster/primitive/setup.h"
#include "raster/state/d3d_enums.h"

#include <vector>

namespace refrast {

// Appends the points or lines of the triangle `in` (in its submitted vertex
// order) to `out`; nothing when it is culled or has zero area.
void setupOutline(const SetupInput& in, FillMode mode, std::vector<SetupTriangle>& out);

}  // namespace refrast
