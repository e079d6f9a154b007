// SPDX-License-Identifier: MIT
// Camera-facing quads: corners from the view matrix's right/up axes, UVs,
// the drawing clamp, the hot-phase occlusion of the opacity, and scene placement.
#include "formats/sfx/sfx_placement.h"
#include "refrast/error.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::sfx;

namespace {
SimulatedFrame oneParticle(const std::array<float, 3>& rgb, float alpha, float heat) {
    SfxParticle p;
    p.id = 4;
    p.position = Vec3(1.0f, 2.0f, 3.0f);
    p.size = 0.5f;
    p.rgb = rgb;
    p.alpha = alpha;
    p.heat = heat;
    return {0, 0.0f, {p}};
}
}  // namespace

TEST_CASE("sfx/quads: identity view - corners TL, TR, BR, BL around effect origin + particle position") {
    const std::vector<SfxQuad> q =
        expandToQuads(oneParticle({0.5f, 0.5f, 0.5f}, 1.0f, 1.0f), Vec3(10.0f, 0.0f, 0.0f), Mat4::Identity());
    REQUIRE(q.size() == 1);
    CHECK(q[0].particleId == 4u);
    CHECK(q[0].radius == 0.5f);
    // centre (11, 2, 3); right (1, 0, 0) × 0.5, up (0, 1, 0) × 0.5.
    CHECK(q[0].cornersWorld[0] == Vec3(10.5f, 2.5f, 3.0f));
    CHECK(q[0].cornersWorld[1] == Vec3(11.5f, 2.5f, 3.0f));
    CHECK(q[0].cornersWorld[2] == Vec3(11.5f, 1.5f, 3.0f));
    CHECK(q[0].cornersWorld[3] == Vec3(10.5f, 1.5f, 3.0f));
    CHECK(q[0].uv[2] == Vec2(1.0f, 1.0f));
}

TEST_CASE("sfx/quads: a camera turned 90° about y faces the quad along world x") {
    // Row-vector view of a camera looking down world −x: view x = world z
    // (right axis (0, 0, 1), column 0), view y = world y, view z = −world x.
    Mat4 view = Mat4::Zero();
    view(2, 0) = 1.0f;
    view(1, 1) = 1.0f;
    view(0, 2) = -1.0f;
    view(3, 3) = 1.0f;
    const std::vector<SfxQuad> q =
        expandToQuads(oneParticle({0.5f, 0.5f, 0.5f}, 1.0f, 1.0f), Vec3(0.0f, 0.0f, 0.0f), view);
    CHECK(q[0].cornersWorld[0] == Vec3(1.0f, 2.5f, 2.5f));
    CHECK(q[0].cornersWorld[1] == Vec3(1.0f, 2.5f, 3.5f));
}

TEST_CASE("sfx/quads: colour and alpha clamped for drawing; opacity × occlusion 0.45–0.9 by heat") {
    const Mat4 view = Mat4::Identity();
    // Heat 1: occlusion 0.9f; rgb (1.5, 0.25, −0.1) clamps to (1, 0.25, 0).
    SfxQuad hot = expandToQuads(oneParticle({1.5f, 0.25f, -0.1f}, 1.0f, 1.0f), Vec3::Zero(), view)[0];
    CHECK(hot.rgba == Vec4(1.0f, 0.25f, 0.0f, 0.9f));
    // Heat 0.5: 0.45f + (0.9f − 0.45f) × 0.5 = 0.45f + 0x1.ccccccp-3 = 0x1.599998p-1 (0.674999952); × alpha 1.
    SfxQuad warm = expandToQuads(oneParticle({0.5f, 0.5f, 0.5f}, 1.0f, 0.5f), Vec3::Zero(), view)[0];
    CHECK(warm.rgba.w() == 0x1.599998p-1f);
    // Heat 0, alpha 0.5: 0.5 × 0.45f = 0.225f-ish: 0x1.ccccccp-3 (0.224999994).
    SfxQuad cold = expandToQuads(oneParticle({0.5f, 0.5f, 0.5f}, 0.5f, 0.0f), Vec3::Zero(), view)[0];
    CHECK(cold.rgba.w() == 0x1.ccccccp-3f);

    SfxModelParams noClamp;
    noClamp.clampForDrawing = false;
    SfxQuad raw = expandToQuads(oneParticle({1.5f, 0.25f, -0.1f}, 1.0f, 1.0f), Vec3::Zero(), view, noClamp)[0];
    CHECK(raw.rgba.x() == 1.5f);
}

TEST_CASE("sfx/placement: a placed shipped effect gives its descriptor and one quad per live particle") {
    SfxPlacement placement;
    placement.descriptors = REFRAST_SOURCE_DIR "/scenes/sfx/specialfx.ini";
    placement.effect = "MissileHit";
    placement.seed = 7;
    placement.time = 0.0f;
    placement.positionWorld = Vec3(0.0f, 5.0f, 0.0f);
    const PlacedEffect placed = placeEffect(placement, Mat4::Identity(), "scene.json", "/draws/0/sfx/effect");
    CHECK(placed.descriptor.name == "MissileHit");
    CHECK(placed.quads.size() == 7);     // §3.1: MissileHit has 7 particles
    CHECK(placed.quads[0].radius == 6.0f);  // size 12 × 0.5

    placement.effect = "Nope";
    CHECK_THROWS_WITH_AS(placeEffect(placement, Mat4::Identity(), "scene.json", "/draws/0/sfx/effect"),
                         ("scene.json: /draws/0/sfx/effect: no effect or slot named 'Nope' in " + placement.descriptors)
                             .c_str(),
                         InputError);
}
