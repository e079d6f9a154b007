// SPDX-License-Identifier: MIT
// The board-frame step of one particle: heat/colour recurrence, alpha fade,
// motion, and each kill rule in isolation (legacy-behaviours §3.1).
#include "formats/sfx/sfx_particle.h"
#include "tests/sfx/sfx_test_support.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::sfx;

namespace {

// Steps until the particle dies or `limit` steps pass; returns the fatal step (0: still alive).
int stepsUntilDeath(SfxParticle& p, const SfxDescriptor& d, const SfxModelParams& m, SfxFate& fate, int limit) {
    for (int k = 1; k <= limit; ++k) {
        fate = stepParticle(p, d, m);
        if (fate != SfxFate::Alive) return k;
    }
    fate = SfxFate::Alive;
    return 0;
}

}  // namespace

TEST_CASE("sfx/particle: cool_a 0.9, cook (1, 0.6, 0.3): heat and colour of the first steps") {
    SfxDescriptor d = sfx::test::neutralDescriptor();
    d.coolA = 0.9f;
    const SfxModelParams m;
    SfxParticle p = freshParticle(0, d, m);
    CHECK(p.heat == 1.0f);
    CHECK(p.rgb == std::array<float, 3>{1.0f, 0.6f, 0.3f});  // colour at h_old = h_new = 1 is cook

    REQUIRE(stepParticle(p, d, m) == SfxFate::Alive);
    // h1 = 1 × 0.9f = 0.9f = 0x1.ccccccp-1 (0.899999976).
    CHECK(p.heat == 0x1.ccccccp-1f);
    // c = h_old × (h_new × cook − 0.25) + 0.25 with h_old = 1 reduces to h_new × cook:
    // (h_new·cook − 0.25) + 0.25 is exact here (Sterbenz, same binade), so
    // r = 0.9f, g = 0.9f × 0.6f rounds to 0x1.147ae2p-1 = 0.54f, b = 0.9f × 0.3f = 0x1.147ae2p-2 = 0.27f.
    CHECK(p.rgb == std::array<float, 3>{0.9f, 0.54f, 0.27f});

    REQUIRE(stepParticle(p, d, m) == SfxFate::Alive);
    // h2 = 0.9f × 0.9f = 0x1.9eb8507ae148p-1 exactly, rounded to 0x1.9eb85p-1 = 0.809999943 (not 0.81f).
    CHECK(p.heat == 0x1.9eb85p-1f);
    // r = 0.9f × (0.809999943 × 1 − 0.25) + 0.25 = 0.9f × 0.559999943 + 0.25 → 0x1.820c48p-1 (0.753999949);
    // g: 0.809999943 × 0.6f = 0x1.f1a9fap-2 (0.485999972) → 0.9f × 0.235999972 + 0.25 = 0x1.d97f6p-2 (0.46239996);
    // b: 0.809999943 × 0.3f = 0x1.f1a9fap-3 (0.242999986) → 0.9f × −0.007000014 + 0.25 = 0x1.f318fap-3 (0.243699983).
    CHECK(p.rgb == std::array<float, 3>{0x1.820c48p-1f, 0x1.d97f6p-2f, 0x1.f318fap-3f});

    REQUIRE(stepParticle(p, d, m) == SfxFate::Alive);
    CHECK(p.heat == 0x1.753f7ap-1f);  // h3 = 0.809999943 × 0.9f = 0.728999913
}

TEST_CASE("sfx/particle: UpdateOrder::ColourBeforeHeat makes colour lag heat by one step") {
    SfxDescriptor d = sfx::test::neutralDescriptor();
    d.coolA = 0.9f;
    SfxModelParams m;
    m.updateOrder = UpdateOrder::ColourBeforeHeat;
    SfxParticle p = freshParticle(0, d, m);
    stepParticle(p, d, m);
    // Step 1 reads the pair (h_prev, h_old) = (1, 1): colour stays cook.
    CHECK(p.rgb == std::array<float, 3>{1.0f, 0.6f, 0.3f});
    stepParticle(p, d, m);
    // Step 2 reads (1, 0.9f): the default order's step-1 colour.
    CHECK(p.rgb == std::array<float, 3>{0.9f, 0.54f, 0.27f});
}

TEST_CASE("sfx/particle: heat kill alone - cool_a 0.5 dies at step 14 (h = 2^-14 ≤ 1e-4)") {
    SfxDescriptor d = sfx::test::neutralDescriptor();
    d.coolA = 0.5f;
    SfxModelParams m;
    SfxParticle p = freshParticle(0, d, m);
    SfxFate fate{};
    // h_k = 2^-k exactly; 2^-13 = 1.22e-4 > 1e-4f, 2^-14 = 6.10e-5 ≤ 1e-4f (0x1.a36e2ep-14).
    CHECK(stepsUntilDeath(p, d, m, fate, 300) == 14);
    CHECK(fate == SfxFate::HeatExhausted);
    CHECK(p.heat == 0x1p-14f);

    m.heatKillReads = HeatKillReads::OldHeat;  // reads h_old: one step later
    SfxParticle q = freshParticle(0, d, m);
    CHECK(stepsUntilDeath(q, d, m, fate, 300) == 15);
    CHECK(fate == SfxFate::HeatExhausted);
}

TEST_CASE("sfx/particle: kill plane alone - dies in the step that takes it strictly below y_off") {
    SfxDescriptor d = sfx::test::neutralDescriptor();
    d.yOff = -0.5f;
    const SfxModelParams m;
    SfxParticle p = freshParticle(0, d, m);
    p.velocity = Vec3(0.0f, -3.75f, 0.0f);  // −3.75 / 30 = −0.125 per step, exact
    SfxFate fate{};
    // y4 = −0.5 is on the plane (alive); y5 = −0.625 < −0.5 dies.
    CHECK(stepsUntilDeath(p, d, m, fate, 300) == 5);
    CHECK(fate == SfxFate::BelowKillPlane);
    CHECK(p.position.y() == -0.625f);
}

TEST_CASE("sfx/particle: alpha kill alone - cool_b 0.9375 fades 1/32 per step, dies at alpha 0") {
    SfxDescriptor d = sfx::test::neutralDescriptor();
    d.coolB = 0.9375f;  // 0.9375 / 30 = 0.03125 = 2^-5 exactly
    SfxModelParams m;
    SfxParticle p = freshParticle(0, d, m);
    SfxFate fate{};
    CHECK(stepsUntilDeath(p, d, m, fate, 30) == 0);
    CHECK(p.alpha == 0.0625f);  // after 1 s: 1 − 30 × 2^-5 = 2^-4
    CHECK(stepsUntilDeath(p, d, m, fate, 300) == 2);  // step 32: 1 − 32 × 2^-5 = 0 ≤ 0
    CHECK(fate == SfxFate::Faded);
    CHECK(p.alpha == 0.0f);

    m.alphaKill = false;  // the switch off: it lives on with negative alpha
    SfxParticle q = freshParticle(0, d, m);
    CHECK(stepsUntilDeath(q, d, m, fate, 33) == 0);
    CHECK(q.alpha == -0.03125f);
}

TEST_CASE("sfx/particle: alpha after t seconds with the shipped cool_b 1.5 (0.05 per step)") {
    SfxDescriptor d = sfx::test::neutralDescriptor();
    d.coolB = 1.5f;
    const SfxModelParams m;
    SfxParticle p = freshParticle(0, d, m);
    SfxFate fate{};
    // 1.5f / 30 = 0x1.99999ap-5 (0.0500000007); 15 rounded subtractions from 1
    // end 1.6e-7 below the exact 0.25: 0x1.ffffeap-3 (0.249999836) after 0.5 s.
    CHECK(stepsUntilDeath(p, d, m, fate, 15) == 0);
    CHECK(p.alpha == 0x1.ffffeap-3f);
    // Step 20 (2/3 s): 0.0499998443 − 0.0500000007 = −0x1.5p-23 ≤ 0.
    CHECK(stepsUntilDeath(p, d, m, fate, 300) == 5);
    CHECK(fate == SfxFate::Faded);
    CHECK(p.alpha == -0x1.5p-23f);
}

TEST_CASE("sfx/particle: lifetime cap alone - dies at step 210 (210 / 30 = 7.0 s exactly)") {
    const SfxDescriptor d = sfx::test::neutralDescriptor();  // heat, alpha and height never kill
    const SfxModelParams m;
    SfxParticle p = freshParticle(0, d, m);
    SfxFate fate{};
    CHECK(stepsUntilDeath(p, d, m, fate, 1000) == 210);  // 209 / 30 = 6.9666667 < 7
    CHECK(fate == SfxFate::LifetimeCap);
}

TEST_CASE("sfx/particle: explicit Euler motion; gravity is a downward acceleration, negative rises") {
    SfxDescriptor d = sfx::test::neutralDescriptor();
    d.gravity = 112.5f;  // 112.5 / 30 = 3.75 per step; 3.75 / 30 = 0.125: all exact
    const SfxModelParams m;
    SfxParticle p = freshParticle(0, d, m);
    stepParticle(p, d, m);
    CHECK(p.position.y() == 0.0f);  // moves with the frame-start velocity 0
    CHECK(p.velocity.y() == -3.75f);
    stepParticle(p, d, m);
    stepParticle(p, d, m);
    CHECK(p.position.y() == -0.375f);  // 0 − 0.125 − 0.25
    CHECK(p.velocity.y() == -11.25f);

    d.gravity = -112.5f;  // Fireball-style negative gravity: it rises
    SfxParticle q = freshParticle(0, d, m);
    for (int k = 0; k < 3; ++k) stepParticle(q, d, m);
    CHECK(q.position.y() == 0.375f);
}
