// SPDX-License-Identifier: MIT
// D3DCUBEMAP_FACES selection: one face per axis with hand-computed face-local
// (s, t), the tie order, a zero direction, and the quotient-rule derivative
// (docs/textures.md T-25, T-26).
#include "raster/texture/cubemap_faces.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {

void checkFace(Vec3 r, CubemapFace face, float s, float t) {
    const CubemapCoord c = selectCubemapFace(r);
    CHECK(c.face == face);
    CHECK(c.s == s);
    CHECK(c.t == t);
}

}  // namespace

TEST_CASE("texture/cubemap_faces: each axis selects its face, s = (sc/ma + 1)/2, t = (tc/ma + 1)/2") {
    // +X, r = (1, 0.5, 0.25): sc = −rz = −0.25, tc = −ry = −0.5, ma = 1
    //   s = (−0.25 + 1)/2 = 0.375, t = (−0.5 + 1)/2 = 0.25
    checkFace(Vec3(1, 0.5f, 0.25f), CubemapFace::PositiveX, 0.375f, 0.25f);
    // −X, r = (−2, 0.5, 1): sc = rz = 1, tc = −ry = −0.5, ma = 2
    //   s = (0.5 + 1)/2 = 0.75, t = (−0.25 + 1)/2 = 0.375
    checkFace(Vec3(-2, 0.5f, 1), CubemapFace::NegativeX, 0.75f, 0.375f);
    // +Y, r = (0.5, 4, −1): sc = rx = 0.5, tc = rz = −1, ma = 4
    //   s = (0.125 + 1)/2 = 0.5625, t = (−0.25 + 1)/2 = 0.375
    checkFace(Vec3(0.5f, 4, -1), CubemapFace::PositiveY, 0.5625f, 0.375f);
    // −Y, r = (0.5, −1, 0.25): sc = rx = 0.5, tc = −rz = −0.25, ma = 1
    //   s = (0.5 + 1)/2 = 0.75, t = (−0.25 + 1)/2 = 0.375
    checkFace(Vec3(0.5f, -1, 0.25f), CubemapFace::NegativeY, 0.75f, 0.375f);
    // +Z, r = (−0.5, 0.25, 2): sc = rx = −0.5, tc = −ry = −0.25, ma = 2
    //   s = (−0.25 + 1)/2 = 0.375, t = (−0.125 + 1)/2 = 0.4375
    checkFace(Vec3(-0.5f, 0.25f, 2), CubemapFace::PositiveZ, 0.375f, 0.4375f);
    // −Z, r = (0.5, 0.5, −1): sc = −rx = −0.5, tc = −ry = −0.5, ma = 1
    //   s = (−0.5 + 1)/2 = 0.25, t = 0.25
    checkFace(Vec3(0.5f, 0.5f, -1), CubemapFace::NegativeZ, 0.25f, 0.25f);
}

TEST_CASE("texture/cubemap_faces: ties go to x, then y; a zero direction reads +X's centre") {
    // (1, 1, 0): |x| = |y|, x wins; sc = 0, tc = −1, ma = 1 → s = 0.5, t = 0.
    checkFace(Vec3(1, 1, 0), CubemapFace::PositiveX, 0.5f, 0.0f);
    // (0, 1, −1): |y| = |z|, y wins; sc = 0, tc = rz = −1, ma = 1 → (0.5, 0).
    checkFace(Vec3(0, 1, -1), CubemapFace::PositiveY, 0.5f, 0.0f);
    // (−1, 0, 1): x wins, negative: sc = rz = 1, tc = 0, ma = 1 → (1, 0.5).
    checkFace(Vec3(-1, 0, 1), CubemapFace::NegativeX, 1.0f, 0.5f);
    checkFace(Vec3(0, 0, 0), CubemapFace::PositiveX, 0.5f, 0.5f);
}

TEST_CASE("texture/cubemap_faces: the face derivative follows the quotient rule") {
    // +X at r = (1, 0, 0), dr = (0, 0, −0.25): dsc = 0.25, dtc = 0, ma = 1, dma = 0
    //   ds = (0.25·1 − 0·0)/1 / 2 = 0.125, dt = 0.
    Vec2 d = cubemapFaceDerivative(CubemapFace::PositiveX, Vec3(1, 0, 0), Vec3(0, 0, -0.25f));
    CHECK(d.x() == 0.125f);
    CHECK(d.y() == 0.0f);
    // +X at r = (1, 0.5, 0.25) (sc = −0.25, tc = −0.5, ma = 1), dr = (0.5, 0, 0): dma = 0.5
    //   ds = (0·1 − (−0.25)·0.5)/1 / 2 = 0.0625, dt = (0 − (−0.5)·0.5)/2 = 0.125.
    d = cubemapFaceDerivative(CubemapFace::PositiveX, Vec3(1, 0.5f, 0.25f), Vec3(0.5f, 0, 0));
    CHECK(d.x() == 0.0625f);
    CHECK(d.y() == 0.125f);
    // −Z at r = (0, 0, −2): ma = 2; dr = (1, 0, 0) → dsc = −1: ds = (−1·2)/4 / 2 = −0.25.
    d = cubemapFaceDerivative(CubemapFace::NegativeZ, Vec3(0, 0, -2), Vec3(1, 0, 0));
    CHECK(d.x() == -0.25f);
    CHECK(d.y() == 0.0f);
    // A direction that does not look at the face (ma ≤ 0) has no derivative there.
    d = cubemapFaceDerivative(CubemapFace::PositiveZ, Vec3(0, 0, -1), Vec3(1, 1, 1));
    CHECK(d == Vec2(0, 0));
}
