// SPDX-License-Identifier: MIT
// Triangle setup: cull by D3D winding, snap to the sub-pixel grid, orient the
// edges, and bound the triangle in pixels.
// Spec: fixed-function reference §1.3-§1.5: clockwise (screen y down) is the
// front face; D3DCULL_CCW (default) culls counter-clockwise triangles.
#pragma once

#include "raster/state/d3d_enums.h"

#include <cstdint>

namespace refrast {

// Pixels a draw may touch: viewport ∩ target (∩ scissor), right/bottom exclusive.
struct PixelBounds {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool empty() const { return x0 >= x1 || y0 >= y1; }
};

// What a set-up primitive is: a filled triangle, a line (a LINELIST or
// LINESTRIP line, or a FILLMODE WIREFRAME edge), a one-pixel point (POINTLIST
// or FILLMODE POINT), or the square of a larger point or point sprite.
enum class PrimitiveShape : uint8_t { Triangle, Line, Point, Square };

struct SetupTriangle {
    // Vertex records. Triangle: v[0] is the provoking vertex. Line: v[0] -> v[1]
    // is the edge and v[2] the triangle's provoking vertex. Point: v[0] is the
    // point and v[2] the provoking vertex. Square: v[0..2] are the point, and
    // x[0..1], y[0..1] its left, right, top, bottom edges.
    const float* v[3];
    int32_t x[3], y[3];  // window positions in 1/256 px, relative to the sample grid
    float invArea;       // 1 / (2 * signed area) in fixed-point units
    uint32_t drawIndex;
    int16_t minX, minY, maxX, maxY;  // pixel bounds, inclusive
    bool frontFacing;    // clockwise after the strip flip (two-sided stencil)
    PrimitiveShape shape = PrimitiveShape::Triangle;
};

struct SetupInput {
    const float* v[3];
    bool flipWinding;
    uint32_t drawIndex;
    CullMode cull;
    PixelCenter pixelCenter;
    PixelBounds bounds;
    // The vertices' snapped window x, y when the vertex stage made them
    // (original vertices); null: setup snaps the records (clip-created ones).
    const int32_t* snapped[3] = {nullptr, nullptr, nullptr};
};

// Sets up `t` and says whether the triangle is drawn: false when it is
// culled, degenerate, or covers no pixel centre of `bounds` (`t` is then
// partly written). The caller's storage, so that a triangle is written once
// where it stays (returning an optional and copying it out were a third
// of setupTriangle's samples, W3).
bool setupTriangle(const SetupInput& in, SetupTriangle& t);

}  // namespace refrast
