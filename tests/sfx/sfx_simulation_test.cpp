// SPDX-License-Identifier: MIT
// Whole-effect simulation: the frame numbering, the burst schedule, the dead
// leaving the frames, seeds, and a pinned reference particle of the shipped Fireball.
#include "formats/sfx/sfx_simulation.h"
#include "tests/sfx/sfx_test_support.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::sfx;

namespace {
const SfxDescriptorSet& shipped() {
    static const SfxDescriptorSet set = loadSfxIni(REFRAST_SOURCE_DIR "/scenes/sfx/specialfx.ini");
    return set;
}
}  // namespace

TEST_CASE("sfx/simulation: frame k is the state after k steps; frame 0 is the burst before any step") {
    SfxDescriptor d = sfx::test::neutralDescriptor();
    d.coolA = 0.5f;
    d.count = 3;
    const std::vector<SimulatedFrame> frames = simulateEffect(d, 1u, 20);
    REQUIRE(frames.size() == 21);
    CHECK(frames[0].frame == 0);
    CHECK(frames[0].time == 0.0f);
    CHECK(frames[0].particles.size() == 3);
    CHECK(frames[0].particles[0].heat == 1.0f);
    CHECK(frames[3].time == 0.1f);  // 3 / 30 = 0.1f, correctly rounded division
    CHECK(frames[3].particles[0].heat == 0.125f);
    // Heat 2^-14 ≤ 1e-4 kills in step 14: present in frame 13, absent from 14 on.
    CHECK(frames[13].particles.size() == 3);
    CHECK(frames[14].particles.empty());
    CHECK(frames[20].particles.empty());
}

TEST_CASE("sfx/simulation: repeats spawn bursts every repeatIntervalFrames with consecutive ids") {
    SfxDescriptor d = sfx::test::neutralDescriptor();
    d.count = 2;
    d.repeats = 3;
    SfxModelParams m;
    m.repeatIntervalFrames = 4;
    const std::vector<SimulatedFrame> frames = simulateEffect(d, 9u, 9, m);
    CHECK(frames[3].particles.size() == 2);
    CHECK(frames[4].particles.size() == 4);  // burst 1 at frame 4: ids 2, 3, not yet stepped
    CHECK(frames[4].particles[2].id == 2u);
    CHECK(frames[4].particles[2].steps == 0);
    CHECK(frames[8].particles.size() == 6);  // burst 2 at frame 8: ids 4, 5
    CHECK(frames[8].particles[5].id == 5u);
    CHECK(frames[9].particles.size() == 6);  // no burst 3
}

TEST_CASE("sfx/simulation: the nearest board frame of a scene time") {
    CHECK(boardFrameAt(0.0f) == 0);
    CHECK(boardFrameAt(0.4f) == 12);
    CHECK(boardFrameAt(0.7f) == 21);  // 0.7f × 30 = 20.9999996: the nearest, not the floor
    CHECK(boardFrameAt(0.016f) == 0);
    CHECK(boardFrameAt(0.017f) == 1);
}

TEST_CASE("sfx/simulation: same seed gives identical particles; another seed or effect differs") {
    const SfxDescriptor& fireball = *shipped().find("Fireball");
    const SimulatedFrame a = simulateEffectAt(fireball, 7u, 0.4f);
    const SimulatedFrame b = simulateEffectAt(fireball, 7u, 0.4f);
    const SimulatedFrame c = simulateEffectAt(fireball, 8u, 0.4f);
    REQUIRE(a.particles.size() == b.particles.size());
    REQUIRE(!a.particles.empty());
    CHECK(a.particles[0].position == b.particles[0].position);
    CHECK(a.particles[0].position != c.particles[0].position);
    SfxDescriptor renamed = fireball;
    renamed.name = "Fireball2";  // another stream (FNV-1a of the name)
    CHECK(simulateEffectAt(renamed, 7u, 0.4f).particles[0].position != a.particles[0].position);
}

TEST_CASE("sfx/simulation: reference particle - shipped Fireball, seed 7, particle 0 at frames 0 and 30") {
    // Pinned bits (docs/sfx.md "Reference values"): any change to the draw order,
    // the generator or the float sequence shows here.
    const SfxDescriptor& fireball = *shipped().find("specialfx15");
    const std::vector<SimulatedFrame> frames = simulateEffect(fireball, 7u, 30);
    const SfxParticle& p0 = frames[0].particles.at(0);
    CHECK(p0.position == Vec3(0x1.b56ap-1f, 0x1.e0ad8ep-2f, -0x1.9f1ec8p-2f));  // 0.854324341, 0.469412059, -0.405390859
    CHECK(p0.velocity == Vec3(0x1.054ae6p+1f, 0x1.406eaap+1f, 0x1.14e974p+1f));  // 2.04134822, 2.5033772, 2.16337442
    const SfxParticle& p30 = frames[30].particles.at(0);
    CHECK(p30.id == 0u);
    CHECK(p30.position == Vec3(0x1.72a55ep+1f, 0x1.d9511cp+1f, 0x1.c20b3p+0f));
    // Gravity −1.5 adds 0.05 per step to vy: 2.5033772 → 4.00337601 after 30 rounded additions.
    CHECK(p30.velocity.y() == 0x1.00375p+2f);
    CHECK(p30.heat == 0x1.b7947cp-3f);  // 0.95f multiplied in 30 times: 0.21463868 (0.95^30 = 0.214638764)
    CHECK(p30.alpha == 0x1.33334ep-2f); // 1 − 30 × (0.7f / 30), rounded each step: 0.300000399
}
