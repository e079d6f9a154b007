// SPDX-License-Identifier: MIT
// The random source and the burst: PCG32 against its reference output, the
// polynomial sin/cos, rejection draws, and the spawned particles' invariants.
#include "formats/sfx/sfx_burst.h"
#include "tests/sfx/sfx_test_support.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace refrast;
using namespace refrast::sfx;

TEST_CASE("sfx/pcg32: seed 42, stream 54 reproduces the pcg32-demo reference output") {
    // pcg32_srandom_r(&rng, 42u, 54u) then pcg32_random_r six times (pcg-c-basic demo).
    Pcg32 rng(42u, 54u);
    const uint32_t expected[] = {0xa15c02b7u, 0x7b47f409u, 0xba1d3330u, 0x83d2f293u, 0xbfa4784bu, 0xcbed606eu};
    for (const uint32_t e : expected) CHECK(rng.nextU32() == e);
}

TEST_CASE("sfx/pcg32: float draws take the top 24 bits") {
    Pcg32 a(42u, 54u), b(42u, 54u);
    // 0xa15c02b7 >> 8 = 0xa15c02 = 10574850; × 2^-24 = 0.630298734 exactly.
    CHECK(a.nextUnit() == 0x1.42b804p-1f);
    // 2 × 0x1.42b804p-1 − 1 = 0x0.42b804 = 0x1.0ae01p-2 (0.260597467), exact.
    CHECK(b.nextSigned() == 0x1.0ae01p-2f);
}

TEST_CASE("sfx/pcg32: stream selector is FNV-1a-64 of the descriptor name") {
    CHECK(fnv1a64("") == 0xcbf29ce484222325ULL);   // the offset basis
    CHECK(fnv1a64("a") == 0xaf63dc4c8601ec8cULL);  // FNV-1a test vector for "a"
}

TEST_CASE("sfx/burst: the rotation of zero angles is the identity") {
    const BurstRotation identity{0.0f, 1.0f, 0.0f, 1.0f, 0.0f, 1.0f};
    CHECK(identity.apply(Vec3(1.5f, -2.0f, 3.25f)) == Vec3(1.5f, -2.0f, 3.25f));
    // A quarter turn about z (sin 1, cos 0) takes x to y.
    const BurstRotation quarterZ{0.0f, 1.0f, 0.0f, 1.0f, 1.0f, 0.0f};
    CHECK(quarterZ.apply(Vec3(1.0f, 0.0f, 0.0f)) == Vec3(0.0f, 1.0f, 0.0f));
}

TEST_CASE("sfx/burst: spawned particles start hot and opaque, inside the scatter ball, at the launch speed") {
    SfxDescriptor d = sfx::test::neutralDescriptor();
    d.size = 10.0f;      // scatter radius 10 × 0.2 = 2, particle radius 10 × 0.5 = 5
    d.velocity = 20.0f;  // speeds in [20 × 0.75, 20 × 1.25] with varience 0.25
    d.varience = 0.25f;
    d.vBias = 2.0f;      // lift 2 > ball radius 1: every direction points up
    d.count = 50;
    const SfxModelParams m;
    Pcg32 rng(7u, fnv1a64("Test"));
    std::vector<SfxParticle> out;
    spawnBurst(d, m, rng, 100u, out);
    REQUIRE(out.size() == 50);
    for (size_t i = 0; i < out.size(); ++i) {
        const SfxParticle& p = out[i];
        CHECK(p.id == 100u + i);
        CHECK(p.heat == 1.0f);
        CHECK(p.alpha == 1.0f);
        CHECK(p.size == 5.0f);
        CHECK(p.position.norm() <= 2.0f * 1.0001f);  // rotation keeps lengths (to rounding)
        const float speed = p.velocity.norm();
        CHECK(speed >= 15.0f * 0.9999f);
        CHECK(speed <= 25.0f * 1.0001f);
        // Tilted at most by the 0.25 rad rotation about x and z: still upward.
        CHECK(p.velocity.y() > 0.0f);
    }
}
