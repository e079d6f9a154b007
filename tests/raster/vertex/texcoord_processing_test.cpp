// SPDX-License-Identifier: MIT
// docs/textures.md §8 (T-21..T-24): texgen modes, texture-matrix counts and PROJECTED.
#include "raster/vertex/texcoord_processing.h"

#include <doctest/doctest.h>

using namespace refrast;

TEST_CASE("vertex/texcoord_processing: the first missing component is 1, the rest 0 (T-21)") {
    const Vec4 c(0.25f, 0.5f, 0.75f, 2.0f);
    CHECK(texcoordInput(c, 1) == Vec4(0.25f, 1, 0, 0));
    CHECK(texcoordInput(c, 2) == Vec4(0.25f, 0.5f, 1, 0));
    CHECK(texcoordInput(c, 3) == Vec4(0.25f, 0.5f, 0.75f, 1));
    CHECK(texcoordInput(c, 4) == c);
}

TEST_CASE("vertex/texcoord_processing: CAMERASPACENORMAL and CAMERASPACEPOSITION (T-22)") {
    const Vec3 pos(1, 2, 5), n(0, 0.6f, -0.8f);
    CHECK(texGenVector(TexGen::CameraSpaceNormal, pos, n, true) == Vec4(0, 0.6f, -0.8f, 1));
    CHECK(texGenVector(TexGen::CameraSpacePosition, pos, n, true) == Vec4(1, 2, 5, 1));
}

TEST_CASE("vertex/texcoord_processing: CAMERASPACEREFLECTIONVECTOR, local and orthogonal viewer (T-22)") {
    // Orthogonal: I = (0, 0, 1); N = (0, 0.6, −0.8): N·I = −0.8, R = I − 2·(−0.8)·N
    // = (0, 0 + 1.6·0.6, 1 + 1.6·(−0.8)) = (0, 0.96, −0.28).
    const Vec4 r = texGenVector(TexGen::CameraSpaceReflectionVector, Vec3(3, 0, 4), Vec3(0, 0.6f, -0.8f), false);
    CHECK(r.x() == 0.0f);
    CHECK(r.y() == doctest::Approx(0.96f).epsilon(1e-6));
    CHECK(r.z() == doctest::Approx(-0.28f).epsilon(1e-5));
    // Local: I = norm(3, 0, 4) = (0.6, 0, 0.8); N = (0, 0, −1): N·I = −0.8,
    // R = I − 2·(−0.8)·N = (0.6, 0, 0.8 − 1.6) = (0.6, 0, −0.8).
    const Vec4 l = texGenVector(TexGen::CameraSpaceReflectionVector, Vec3(3, 0, 4), Vec3(0, 0, -1), true);
    CHECK(l.x() == 0.6f);
    CHECK(l.z() == doctest::Approx(-0.8f));
    CHECK(l.w() == 1.0f);
}

TEST_CASE("vertex/texcoord_processing: SPHEREMAP puts a surface facing the camera at the map's centre (T-22)") {
    // N = (0, 0, −1), orthogonal viewer: R = (0, 0, −1), m = 2·sqrt(0 + 0 + 4) = 4: (0.5, 0.5).
    CHECK(texGenVector(TexGen::SphereMap, Vec3(0, 0, 5), Vec3(0, 0, -1), false) == Vec4(0.5f, 0.5f, 0, 1));
    // N = (0, 1, 0) (facing up): R = (0, 0, 1) − 0 = (0, 0, 1), m = 2·sqrt(0 + 0 + 0) = 0: the
    // singular direction straight away from the viewer reads the centre too.
    CHECK(texGenVector(TexGen::SphereMap, Vec3(0, 0, 5), Vec3(0, 1, 0), false) == Vec4(0.5f, 0.5f, 0, 1));
    // N = norm(0, 1, −1): R = (0, 0, 1) − 2·(−0.7071)·(0, 0.7071, −0.7071) = (0, 1, 0),
    // m = 2·sqrt(1 + 1) = 2.828: v = 0.5 − 1/2.828 = 0.1464 (up in the map is v down).
    const float h = 0.70710678f;
    const Vec4 up = texGenVector(TexGen::SphereMap, Vec3(0, 0, 5), Vec3(0, h, -h), false);
    CHECK(up.x() == 0.5f);
    CHECK(up.y() == doctest::Approx(0.1464466f).epsilon(1e-5));
}

TEST_CASE("vertex/texcoord_processing: the texture matrix applies to the 4-vector when counted (T-23)") {
    Mat4 m = Mat4::Identity();
    m(0, 0) = 2;  // u' = 2u
    m(2, 0) = 0.5f;  // + 0.5 w
    m(3, 1) = 3;  // v' = v + 3q
    const Vec4 in(0.25f, 0.5f, 1, 0);  // a 2-D set
    CHECK(transformTexcoord(TextureTransformFlags{2, false}, m, in) == Vec4(1.0f, 0.5f, 1, 0));  // (0.5 + 0.5, 0.5 + 0)
    CHECK(transformTexcoord(TextureTransformFlags{0, false}, m, in) == in);  // DISABLE: unchanged
    CHECK(transformTexcoord(TextureTransformFlags{4, false}, m, Vec4(0, 0, 0, 1)) == Vec4(0, 3, 0, 1));
}

TEST_CASE("vertex/texcoord_processing: what a 2-D lookup reads per count, PROJECTED per pixel (T-24)") {
    const float c[4] = {1.0f, 2.0f, 4.0f, 8.0f};
    CHECK(lookupTexcoord(TextureTransformFlags{1, false}, c) == Vec2(1, 0));       // COUNT1: v = 0
    CHECK(lookupTexcoord(TextureTransformFlags{3, false}, c) == Vec2(1, 2));       // w ignored
    CHECK(lookupTexcoord(TextureTransformFlags{2, true}, c) == Vec2(0.5f, 1));     // (u/v, v/v)
    CHECK(lookupTexcoord(TextureTransformFlags{3, true}, c) == Vec2(0.25f, 0.5f)); // divide by w
    CHECK(lookupTexcoord(TextureTransformFlags{4, true}, c) == Vec2(0.125f, 0.25f));  // divide by q
}

TEST_CASE("vertex/texcoord_processing: which stages take this path") {
    TextureStageState t;
    CHECK_FALSE(usesTexcoordProcessing(t, 2));  // DISABLE, no texgen
    t.textureTransformFlags = {2, false};
    CHECK_FALSE(usesTexcoordProcessing(t, 2));  // COUNT2 on (u, v): rule T-12
    CHECK(usesTexcoordProcessing(t, 3));        // COUNT2 on (u, v, w): the 4-vector
    t.textureTransformFlags = {3, true};
    CHECK(usesTexcoordProcessing(t, 2));
    t.textureTransformFlags = {};
    t.texGen = TexGen::CameraSpaceNormal;
    CHECK(usesTexcoordProcessing(t, 0));
    t.texGen = TexGen::PassThru;
    CHECK(usesTexcoordProcessing(t, 3, true));  // a cube stage reads (u, v, w) through the 4-vector
}

TEST_CASE("vertex/texcoord_processing: what a cube lookup reads per count, PROJECTED per pixel (T-28)") {
    const float c[4] = {1.0f, 2.0f, 4.0f, -8.0f};
    CHECK(lookupCubeTexcoord(TextureTransformFlags{0, false}, c) == Vec3(1, 2, 4));  // DISABLE: (c0, c1, c2)
    CHECK(lookupCubeTexcoord(TextureTransformFlags{1, false}, c) == Vec3(1, 0, 0));
    CHECK(lookupCubeTexcoord(TextureTransformFlags{2, false}, c) == Vec3(1, 2, 0));
    CHECK(lookupCubeTexcoord(TextureTransformFlags{3, false}, c) == Vec3(1, 2, 4));
    CHECK(lookupCubeTexcoord(TextureTransformFlags{4, false}, c) == Vec3(1, 2, 4));  // q ignored
    // COUNT4|PROJECTED: divided by q = −8: (−0.125, −0.25, −0.5), the direction reversed.
    CHECK(lookupCubeTexcoord(TextureTransformFlags{4, true}, c) == Vec3(-0.125f, -0.25f, -0.5f));
    // COUNT3|PROJECTED: divided by c2 = 4: (0.25, 0.5, 1).
    CHECK(lookupCubeTexcoord(TextureTransformFlags{3, true}, c) == Vec3(0.25f, 0.5f, 1));
}
