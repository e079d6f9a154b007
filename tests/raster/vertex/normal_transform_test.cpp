// SPDX-License-Identifier: MIT
// docs/fixed-function.md §16.1: normals by the inverse transpose of world·view, D3DRS_NORMALIZENORMALS.
#include "raster/vertex/normal_transform.h"

#include <doctest/doctest.h>

using namespace refrast;

TEST_CASE("vertex/normal_transform: a uniform scale by 2 shortens normals to 1/2 unless normalised") {
    Mat4 world = Mat4::Identity();
    world(0, 0) = world(1, 1) = world(2, 2) = 2.0f;  // cofactors 4, det 8: N = diag(4/8) = diag(0.5)
    const NormalMatrix n = normalMatrix(world);
    const Vec3 off = transformNormal(n, Vec3(0, 0, -1), false);
    CHECK(off.z() == -0.5f);
    const Vec3 on = transformNormal(n, Vec3(0, 0, -1), true);
    CHECK(on.z() == -1.0f);
}

TEST_CASE("vertex/normal_transform: a non-uniform scale keeps normals perpendicular to the surface") {
    // World scales y by 2: the plane x = y (normal (1, −1, 0)) becomes y = 2x, whose
    // normal is (2, −1, 0)/… : N = diag(1, 1/2, 1) gives (1, −0.5, 0) = (2, −1, 0)/2.
    Mat4 world = Mat4::Identity();
    world(1, 1) = 2.0f;
    const Vec3 n = transformNormal(normalMatrix(world), Vec3(1, -1, 0), false);
    CHECK(n.x() == 1.0f);
    CHECK(n.y() == -0.5f);
    CHECK(n.z() == 0.0f);
}

TEST_CASE("vertex/normal_transform: a rotation moves normals with the geometry; translation does not") {
    // Rotation by 90° about z (row vectors: x → y): rows (0, 1, 0), (−1, 0, 0), (0, 0, 1); plus a translation.
    Mat4 m = Mat4::Identity();
    m(0, 0) = 0, m(0, 1) = 1, m(1, 0) = -1, m(1, 1) = 0;
    m(3, 0) = 5, m(3, 1) = 6, m(3, 2) = 7;
    const Vec3 n = transformNormal(normalMatrix(m), Vec3(1, 0, 0), false);
    CHECK(n.x() == 0.0f);
    CHECK(n.y() == 1.0f);
    CHECK(n.z() == 0.0f);
}

TEST_CASE("vertex/normal_transform: a singular matrix gives zero normals") {
    Mat4 flat = Mat4::Identity();
    flat(2, 2) = 0.0f;
    const Vec3 n = transformNormal(normalMatrix(flat), Vec3(0, 0, 1), true);
    CHECK(n == Vec3(0, 0, 0));
}
