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

// The pieces, for triangles the primitive stage had to clip (their points and
// edges are clipped one by one, so clipping never adds a point or an edge):
// whether a triangle with this winding is drawn at all,
bool outlineDrawn(const SetupInput& in, bool& clockwise);
// vertex i of `in` as a point,
void appendPoint(const SetupInput& in, int i, bool clockwise, std::vector<SetupTriangle>& out);
// and the segment a -> b (an edge of `in`, maybe clipped) as a line.
void appendLine(const SetupInput& in, const float* a, const float* b, bool clockwise, std::vector<SetupTriangle>& out);

}  // namespace refrast
