// SPDX-License-Identifier: MIT
// A cube texture through the render path: a stage bound to a cube reads its
// 3-float texcoord set as the direction (T-28), through a COUNT3 texture
// matrix when one is set, and shows the face that direction selects (T-25).
#include "tests/support/test_scene.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::test;

namespace {

// Face f of the cube is one texel of colour kFaces[f].
constexpr uint32_t kFaces[6] = {0xFFFF0000, 0xFF00FF00, 0xFF0000FF, 0xFFFFFF00, 0xFF00FFFF, 0xFFFF00FF};

Texture solidCube() {
    Texture c;
    c.type = TextureType::Cube;
    for (uint32_t argb : kFaces) {
        Texture face;
        face.levels.push_back(MipLevel{1, 1, {uint8_t(argb >> 16), uint8_t(argb >> 8), uint8_t(argb), uint8_t(argb >> 24)}});
        c.faces.push_back(face);
    }
    return c;
}

// An 8×8 XYZRHW square whose vertices all carry the texcoord (x, y, z) in set 0.
Scene cubeSquare(Vec3 direction) {
    Scene s = sceneOf(8, 8);
    s.textures.push_back(solidCube());
    Draw d = xyzrhwRect(0, 0, 8, 8, 0.5f, 0xFFFFFFFF);
    d.vertices.texcoordSize[0] = 3;
    d.vertices.texcoord[0].assign(d.vertices.count, Vec4(direction.x(), direction.y(), direction.z(), 1.0f));
    d.state.pixel.textures[0].texture = 0;
    d.state.pixel.textures[0].cube = true;
    s.draws.push_back(d);
    return s;
}

}  // namespace

TEST_CASE("pixel/cube_stage: a 3-float texcoord set picks the face along its largest axis") {
    // Default stage 0: MODULATE(TEXTURE, DIFFUSE white) = the face colour.
    CHECK(pixelArgb(renderFramebuffer(cubeSquare(Vec3(1, 0.5f, 0.25f))), 4, 4) == kFaces[0]);   // +X
    CHECK(pixelArgb(renderFramebuffer(cubeSquare(Vec3(-2, 0.5f, 1))), 4, 4) == kFaces[1]);      // −X
    CHECK(pixelArgb(renderFramebuffer(cubeSquare(Vec3(0.5f, 4, -1))), 4, 4) == kFaces[2]);      // +Y
    CHECK(pixelArgb(renderFramebuffer(cubeSquare(Vec3(0.5f, -1, 0.25f))), 4, 4) == kFaces[3]);  // −Y
    CHECK(pixelArgb(renderFramebuffer(cubeSquare(Vec3(-0.5f, 0.25f, 2))), 4, 4) == kFaces[4]);  // +Z
    CHECK(pixelArgb(renderFramebuffer(cubeSquare(Vec3(0.5f, 0.5f, -1))), 4, 4) == kFaces[5]);   // −Z
}

TEST_CASE("pixel/cube_stage: a COUNT3 texture matrix turns the direction before the face is chosen") {
    // (x, y, z, 1) · M with rows (0, 0, 1, 0), (0, 1, 0, 0), (−1, 0, 0, 0), (0, 0, 0, 1) = (−z, y, x):
    // (0, 0, −1) becomes (1, 0, 0), face +X instead of −Z.
    Scene s = cubeSquare(Vec3(0, 0, -1));
    Mat4 m = Mat4::Zero();
    m(0, 2) = 1, m(1, 1) = 1, m(2, 0) = -1, m(3, 3) = 1;
    s.draws[0].state.pixel.textures[0].texcoord.textureTransform = m;
    s.draws[0].state.pixel.stages[0].textureTransformFlags = TextureTransformFlags{3, false};
    CHECK(pixelArgb(renderFramebuffer(s), 4, 4) == kFaces[0]);
}
