// SPDX-License-Identifier: MIT
// Vertex normals to camera space: the inverse transpose of world·view.
// Spec: D3D9 "Transforming Normals" / "Mathematics of Lighting" (normals in
// camera space); D3DRS_NORMALIZENORMALS; docs/fixed-function.md §16.1.
#pragma once

#include "raster/math/vec.h"

#include <array>

namespace refrast {

// The 3×3 matrix N with nView = nObject · N (row vector), N = (M⁻¹)ᵀ for the
// upper-left 3×3 M of world·view, computed as cofactor(M) / det(M) in a fixed
// float32 order. A singular M (det = 0) gives the zero matrix: such normals
// light as "no normal" (a dot product of 0).
struct NormalMatrix {
    std::array<float, 9> m{};  // row-major
};

NormalMatrix normalMatrix(const Mat4& worldView);

// nObject · N; normalised when `normalize` (D3DRS_NORMALIZENORMALS).
Vec3 transformNormal(const NormalMatrix& n, const Vec3& normal, bool normalize);

}  // namespace refrast
