// SPDX-License-Identifier: MIT
// Snapped window positions of a triangle, its winding, and the cull test.
// Spec: fixed-function reference §1.5 (clockwise on screen, y down, is the
// front face; D3DCULL_CCW culls counter-clockwise triangles); R-1 snapping.
#pragma once

#include "raster/primitive/setup.h"
#include "raster/rasterize/fixed_point.h"
#include "raster/vertex/vertex_stage.h"

#include <cstdint>

namespace refrast {

struct SnappedTriangle {
    int32_t x[3], y[3];  // 1/256 px, relative to the sample grid
    int64_t det;         // (x1 - x0)(y2 - y0) - (x2 - x0)(y1 - y0); > 0 is clockwise on screen
};

// D3D10 centres sample (i + 0.5, j + 0.5): shifting by -0.5 puts every sample
// on an integer position (docs/fixed-function.md §2.1).
inline void setDeterminant(SnappedTriangle& s) {
    s.det = int64_t(s.x[1] - s.x[0]) * (s.y[2] - s.y[0]) - int64_t(s.x[2] - s.x[0]) * (s.y[1] - s.y[0]);
}

inline SnappedTriangle snapTriangle(const float* const v[3], PixelCenter center) {
    const float shift = center == PixelCenter::Half ? 0.5f : 0.0f;
    SnappedTriangle s;
    for (int i = 0; i < 3; ++i) {
        s.x[i] = snapToSubpixel(v[i][kRecordWindow + 0] - shift);
        s.y[i] = snapToSubpixel(v[i][kRecordWindow + 1] - shift);
    }
    setDeterminant(s);
    return s;
}

// The same from positions the vertex stage snapped already
// (TransformedVertices::snapped: x, y per vertex).
inline SnappedTriangle snappedTriangle(const int32_t* const xy[3]) {
    SnappedTriangle s;
    for (int i = 0; i < 3; ++i) s.x[i] = xy[i][0], s.y[i] = xy[i][1];
    setDeterminant(s);
    return s;
}

// Clockwise after the odd-strip-triangle flip.
inline bool isClockwise(const SnappedTriangle& s, bool flipWinding) { return (s.det > 0) != flipWinding; }

inline bool isCulled(CullMode cull, bool clockwise) {
    return (cull == CullMode::CCW && !clockwise) || (cull == CullMode::CW && clockwise);
}

}  // namespace refrast
