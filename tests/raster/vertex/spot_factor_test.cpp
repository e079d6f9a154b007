// SPDX-License-Identifier: MIT
// docs/fixed-function.md §16.4: the spot factor inside, on the edges of, and outside the cones.
#include "raster/vertex/spot_factor.h"

#include <doctest/doctest.h>

using namespace refrast;

TEST_CASE("vertex/spot_factor: inside the inner cone, in the falloff band, outside the outer cone") {
    const SpotCone cone{0.9f, 0.5f, 1.0f};  // cos(θ/2) = 0.9, cos(φ/2) = 0.5, Falloff 1
    CHECK(spotFactor(cone, 0.95f, SpotFalloffRule::Power) == 1.0f);  // rho > cos(θ/2)
    CHECK(spotFactor(cone, 0.4f, SpotFalloffRule::Power) == 0.0f);   // rho < cos(φ/2)
    // Falloff 1: (0.7 − 0.5)/(0.9 − 0.5) ≈ 0.5, through x^1 = detExp(ln x), within 2 ulp.
    const float t = (0.7f - 0.5f) / (0.9f - 0.5f);
    CHECK(spotFactor(cone, 0.7f, SpotFalloffRule::Power) == doctest::Approx(t).epsilon(1e-6));
    CHECK(spotFactor(cone, 0.7f, SpotFalloffRule::Linear) == t);  // exactly the ratio
}

TEST_CASE("vertex/spot_factor: the cone edges") {
    const SpotCone cone{0.9f, 0.5f, 2.0f};
    // rho = cos(θ/2) is not "> cos(θ/2)": the band formula, whose ratio is 1, and 1^2 = 1.
    CHECK(spotFactor(cone, 0.9f, SpotFalloffRule::Power) == 1.0f);
    // rho = cos(φ/2) is "≤ cos(φ/2)": outside, 0.
    CHECK(spotFactor(cone, 0.5f, SpotFalloffRule::Power) == 0.0f);
    // θ = φ: no band at all, a hard edge (no 0/0).
    const SpotCone hard{0.8f, 0.8f, 1.0f};
    CHECK(spotFactor(hard, 0.80001f, SpotFalloffRule::Power) == 1.0f);
    CHECK(spotFactor(hard, 0.8f, SpotFalloffRule::Power) == 0.0f);
}

TEST_CASE("vertex/spot_factor: Falloff 2 squares the band ratio") {
    const SpotCone cone{1.0f, 0.0f, 2.0f};  // ratio = rho
    // 0.5^2 = 0.25 through detExp(2·ln 0.5): within 2 ulp.
    CHECK(spotFactor(cone, 0.5f, SpotFalloffRule::Power) == doctest::Approx(0.25f).epsilon(1e-6));
    CHECK(spotFactor(cone, 0.5f, SpotFalloffRule::Linear) == 0.5f);  // Falloff read as 1
}

TEST_CASE("vertex/spot_factor: the cone of a light takes half angles") {
    Light l;
    l.theta = 0.0f;
    l.phi = 3.14159265f;  // cos(π/2) ≈ 0
    const SpotCone c = makeSpotCone(l);
    CHECK(c.cosHalfTheta == 1.0f);
    CHECK(c.cosHalfPhi == doctest::Approx(0.0f));
}
