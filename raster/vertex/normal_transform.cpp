// SPDX-License-Identifier: MIT
#include "raster/vertex/normal_transform.h"

#include "raster/vertex/lighting_vector.h"

namespace refrast {

NormalMatrix normalMatrix(const Mat4& wv) {
    auto a = [&wv](int r, int c) { return wv(r, c); };
    // Cofactor C(r, c) = (−1)^(r+c) · minor(r, c); (M⁻¹)ᵀ = C / det.
    std::array<float, 9> cof{};
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) {
            const int r0 = (r + 1) % 3, r1 = (r + 2) % 3, c0 = (c + 1) % 3, c1 = (c + 2) % 3;
            // The cyclic index choice already carries the sign (−1)^(r+c).
            cof[size_t(r * 3 + c)] = a(r0, c0) * a(r1, c1) - a(r0, c1) * a(r1, c0);
        }
    const float det = (a(0, 0) * cof[0] + a(0, 1) * cof[1]) + a(0, 2) * cof[2];
    NormalMatrix n;
    if (det == 0.0f || !(det == det)) return n;
    for (size_t k = 0; k < 9; ++k) n.m[k] = cof[k] / det;
    return n;
}

Vec3 transformNormal(const NormalMatrix& n, const Vec3& v, bool normalize) {
    const auto& m = n.m;
    const Vec3 out((v.x() * m[0] + v.y() * m[3]) + v.z() * m[6], (v.x() * m[1] + v.y() * m[4]) + v.z() * m[7],
                   (v.x() * m[2] + v.y() * m[5]) + v.z() * m[8]);
    return normalize ? normalize3(out) : out;
}

}  // namespace refrast
