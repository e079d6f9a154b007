// SPDX-License-Identifier: MIT
// Small vector/matrix types for per-vertex and per-primitive math. Matrices
// follow D3D's row-vector convention: v' = v · M, element m(r, c) is _rc
// (1-based in D3D's names, 0-based here). Eigen does the arithmetic, pinned
// scalar (EIGEN_DONT_VECTORIZE) and with -ffp-contract=off.
#pragma once

#include <Eigen/Core>

namespace refrast {

using Vec2 = Eigen::Vector2f;
using Vec3 = Eigen::Vector3f;
using Vec4 = Eigen::Vector4f;
using RowVec4 = Eigen::RowVector4f;
using Mat4 = Eigen::Matrix<float, 4, 4, Eigen::RowMajor>;

// D3D's v · M for a 4-component row vector.
inline Vec4 transformRow(const Vec4& v, const Mat4& m) { return (v.transpose() * m).transpose(); }

}  // namespace refrast
