// SPDX-License-Identifier: MIT
// The 3-vector operations of the lighting maths, each with one fixed float32
// evaluation order (no Eigen reductions), so gcc and clang give the same bits.
// Spec: docs/fixed-function.md §16 (rule R-17).
#pragma once

#include "raster/math/vec.h"

#include <cmath>

namespace refrast {

// (a.x·b.x + a.y·b.y) + a.z·b.z
inline float dot3(const Vec3& a, const Vec3& b) { return (a.x() * b.x() + a.y() * b.y()) + a.z() * b.z(); }

inline float length3(const Vec3& v) { return std::sqrt(dot3(v, v)); }  // sqrt is IEEE-exact

// v / |v| per component (one division each); the zero vector stays zero.
inline Vec3 normalize3(const Vec3& v) {
    const float len = length3(v);
    if (!(len > 0.0f)) return Vec3(0, 0, 0);
    return Vec3(v.x() / len, v.y() / len, v.z() / len);
}

}  // namespace refrast
