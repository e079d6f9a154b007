// SPDX-License-Identifier: MIT
// Primitive assembly: the vertex indices of triangle k of a list, strip or
// fan, in the order whose first vertex is the flat-shading provoking vertex.
// Spec: fixed-function reference §1.5 (strips: triangle k = (v_k, v_k+1,
// v_k+2), odd ones with reversed winding for the cull test; provoking vertex
// = the first of each triangle) and the D3D9 "Triangle Fans" page (fan
// triangle k = (v_0, v_k+1, v_k+2) shaded flat with v_k+1, listed here as
// (v_k+1, v_k+2, v_0), the same winding).
#pragma once

#include "raster/state/d3d_enums.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace refrast {

struct AssembledTriangle {
    uint32_t v[3];       // vertex indices, v[0] provoking
    bool flipWinding;    // odd strip triangle: its winding counts reversed
};

// Line k of a LINELIST (v_2k, v_2k+1) or LINESTRIP (v_k, v_k+1), or point k
// of a POINTLIST (v[0] = v[1] = v_k); v[0] is the provoking vertex.
struct AssembledLine {
    uint32_t v[2];
};

// Number of primitives (triangles, lines or points) of `vertexCount` vertices (or indices).
size_t triangleCount(PrimitiveType type, size_t vertexCount);
bool isLineOrPoint(PrimitiveType type);
AssembledLine assembleLineOrPoint(PrimitiveType type, const std::vector<uint32_t>& indices, size_t k);

// Triangle k; `indices` empty means non-indexed.
AssembledTriangle assembleTriangle(PrimitiveType type, const std::vector<uint32_t>& indices, size_t k);

}  // namespace refrast
