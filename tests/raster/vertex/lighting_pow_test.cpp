// SPDX-License-Identifier: MIT
// docs/fixed-function.md R-17: the deterministic x^p of the lighting maths.
#include "raster/vertex/lighting_pow.h"

#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>

using namespace refrast;

TEST_CASE("vertex/lighting_pow: special cases") {
    CHECK(lightingPow(0.3f, 0.0f) == 1.0f);  // p = 0: 1
    CHECK(lightingPow(0.0f, 0.0f) == 1.0f);
    CHECK(lightingPow(0.0f, 10.0f) == 0.0f);
    CHECK(lightingPow(-0.5f, 3.0f) == 0.0f);  // x ≤ 0: 0 (the callers clamp N·H at 0)
    CHECK(lightingPow(1.0f, 50.0f) == 1.0f);  // log2Fixed(1) = 0, detExp(0) = 1
}

TEST_CASE("vertex/lighting_pow: close to pow over the specular range") {
    // libm is only the yardstick here: relative error ≤ p·2^-24 + 4 ulp.
    for (float p : {1.0f, 4.0f, 16.0f, 100.0f})
        for (float x = 0.05f; x < 1.0f; x += 0.05f) {
            const double ref = std::pow(double(x), double(p));
            CHECK(double(lightingPow(x, p)) == doctest::Approx(ref).epsilon(double(p) * 6e-8 + 5e-7));
        }
}
