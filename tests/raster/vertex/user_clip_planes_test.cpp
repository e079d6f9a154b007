// SPDX-License-Identifier: MIT
// docs/fixed-function.md §17: world-space user clip planes cut like the frustum planes.
#include "raster/vertex/user_clip_planes.h"

#include "tests/support/test_scene.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::test;

namespace {

// An untransformed quad over the whole 8x8 viewport at z = 0.5 (identity matrices:
// clip space = world space; X = (1 + x)·4, Y = (1 − y)·4).
Draw fullQuad() {
    Draw d;
    d.vertices.count = 6;
    const float xy[6][2] = {{-1, 1}, {1, 1}, {1, -1}, {-1, 1}, {1, -1}, {-1, -1}};
    for (const auto& p : xy) {
        d.vertices.position.emplace_back(p[0], p[1], 0.5f, 1.0f);
        d.vertices.diffuse.push_back(argb(0xFFFFFFFF));
    }
    d.state.rasterizer.cullMode = CullMode::None;
    return d;
}

}  // namespace

TEST_CASE("vertex/user_clip_planes: a world plane maps to clip space through (View·Projection)⁻¹") {
    Mat4 view = Mat4::Identity();
    view(3, 2) = 3;  // camera 3 back: posView.z = posWorld.z + 3
    Vec4 clip;
    REQUIRE(clipSpacePlane(view, Mat4::Identity(), Vec4(0, 0, 1, -1), clip));  // keep world z ≥ 1
    // In clip (= view) space that is z − 3 ≥ 1: (0, 0, 1, −4).
    CHECK(clip == Vec4(0, 0, 1, -4));
    Mat4 flat = Mat4::Identity();
    flat(2, 2) = 0;
    CHECK_FALSE(clipSpacePlane(flat, Mat4::Identity(), Vec4(0, 0, 1, 0), clip));
}

TEST_CASE("vertex/user_clip_planes: plane x ≥ 0 keeps the right half of a full-screen quad") {
    Scene s = sceneOf(8, 8);
    Draw d = fullQuad();
    d.state.vertex.clipPlanes[2] = Vec4(1, 0, 0, 0);
    d.state.vertex.clipPlaneEnable = 1u << 2;
    s.draws.push_back(d);
    const Framebuffer fb = renderFramebuffer(s);
    // x = 0 is X = 4: columns 0..3 are clipped away, 4..7 (the cut is a left edge) drawn.
    for (int y = 0; y < 8; ++y) {
        CHECK(pixelArgb(fb, 3, y) == 0xFF000000u);
        CHECK(pixelArgb(fb, 4, y) == 0xFFFFFFFFu);
    }
}

TEST_CASE("vertex/user_clip_planes: a plane that is set but not enabled clips nothing") {
    Scene s = sceneOf(8, 8);
    Draw d = fullQuad();
    d.state.vertex.clipPlanes[0] = Vec4(1, 0, 0, 0);
    s.draws.push_back(d);
    CHECK(pixelArgb(renderFramebuffer(s), 0, 0) == 0xFFFFFFFFu);
}

TEST_CASE("vertex/user_clip_planes: XYZRHW vertices are not clipped by user planes") {
    Scene s = sceneOf(8, 8);
    Draw d = xyzrhwRect(0, 0, 8, 8, 0.5f, 0xFFFFFFFF);
    d.state.vertex.clipPlanes[0] = Vec4(-1, 0, 0, -100);
    d.state.vertex.clipPlaneEnable = 1;
    s.draws.push_back(d);
    CHECK(pixelArgb(renderFramebuffer(s), 0, 0) == 0xFFFFFFFFu);
}

TEST_CASE("vertex/cliptlverts: the option clips XYZRHW primitives to z <= 1; off, their depth is clamped") {
    // A quad whose z runs from 0.5 at X = 0 to 1.5 at X = 8: z = 1 at X = 4 (t = 0.5 / (0.5 + 0.5)).
    const std::vector<float> xyz = {0, 0, 0.5f, 8, 0, 1.5f, 0, 8, 0.5f, 8, 0, 1.5f, 8, 8, 1.5f, 0, 8, 0.5f};
    for (const bool clip : {false, true}) {
        Scene s = sceneOf(8, 8);
        Draw d = xyzrhwTriangles(xyz, 0xFFFFFFFF);
        d.state.depth.zEnable = false;
        d.state.vertex.clipTLVerts = clip;
        s.draws.push_back(d);
        const Framebuffer fb = renderFramebuffer(s);
        CHECK(pixelArgb(fb, 3, 4) == 0xFFFFFFFFu);
        CHECK(pixelArgb(fb, 6, 4) == (clip ? 0xFF000000u : 0xFFFFFFFFu));
    }
}
