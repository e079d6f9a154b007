// SPDX-License-Identifier: MIT
// Homogeneous clipping of one triangle against the draw's clip volume
// (Sutherland-Hodgman), interpolating every varying linearly in clip space.
// Spec: fixed-function reference §1.6: clip volume -w <= x, y <= w (here a
// guard band), 0 <= z <= w for untransformed vertices.
#pragma once

#include "raster/vertex/vertex_stage.h"

#include <vector>

namespace refrast {

// Clips the triangle (a, b, c) of vertex records with `stride` floats. The
// resulting convex polygon's vertex records are appended to `out` (posWindow
// filled); returns the number of vertices (0 when nothing is left). A new
// vertex on an edge is computed from the edge's inside end towards its
// outside end, so two triangles sharing the edge create the same vertex.
int clipTriangle(const ClipVolume& clip, const WindowMapping& window, int stride, const float* a, const float* b,
                 const float* c, std::vector<float>& out);

// Clips the segment a -> b the same way (each cut computed from the inside
// end); appends its two records (posWindow filled) and returns true, or
// returns false when nothing of it is left.
bool clipSegment(const ClipVolume& clip, const WindowMapping& window, int stride, const float* a, const float* b,
                 std::vector<float>& out);

}  // namespace refrast
