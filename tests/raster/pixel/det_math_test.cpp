// SPDX-License-Identifier: MIT
// refrast's deterministic exp: accuracy against hand values and libm
// (libm is used here only as a yardstick, never in pixel code).
#include "raster/pixel/det_math.h"

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

using namespace refrast;

namespace {

// Distance in float32 units in the last place between a result and the exact
// value (given in double), measured at the result's own spacing.
double ulpError(float got, double exact) {
    const float e = float(exact);
    const double ulp = double(std::nextafter(e, std::numeric_limits<float>::infinity())) - double(e);
    return std::fabs(double(got) - exact) / ulp;
}

}  // namespace

TEST_CASE("pixel/det_math: detExp at hand values, within 1 ulp (R-13)") {
    CHECK(detExp(0.0f) == 1.0f);                            // k = 0, r = 0: the polynomial's constant
    CHECK(ulpError(detExp(-1.0f), 0.36787944117144233) <= 1.0);
    CHECK(ulpError(detExp(1.0f), 2.718281828459045) <= 1.0);
    CHECK(ulpError(detExp(-0.5f), 0.6065306597126334) <= 1.0);
    CHECK(ulpError(detExp(-0.25f), 0.7788007830714049) <= 1.0);
    CHECK(ulpError(detExp(-10.0f), 4.5399929762484854e-05) <= 1.0);
    CHECK(ulpError(detExp(10.0f), 22026.465794806718) <= 1.0);
    CHECK(ulpError(detExp(-80.0f), 1.8048513878454153e-35) <= 1.0);
}

TEST_CASE("pixel/det_math: detExp is within 2 ulp of exp over its whole range") {
    double worst = 0.0;
    for (int i = 0; i <= 20000; ++i) {
        const float x = -87.0f + 175.5f * float(i) / 20000.0f;  // [-87, 88.5]
        const double e = ulpError(detExp(x), std::exp(double(x)));
        worst = e > worst ? e : worst;
    }
    CHECK(worst <= 2.0);
}

TEST_CASE("pixel/det_math: detExp special inputs") {
    CHECK(detExp(-88.0f) == 0.0f);  // below ln(FLT_MIN)
    CHECK(detExp(-std::numeric_limits<float>::infinity()) == 0.0f);
    CHECK(detExp(89.0f) == std::numeric_limits<float>::infinity());
    CHECK(std::isnan(detExp(std::numeric_limits<float>::quiet_NaN())));
}

TEST_CASE("pixel/det_math: detExp bit patterns are pinned (a change here moves fog goldens)") {
    CHECK(std::bit_cast<uint32_t>(detExp(-1.0f)) == std::bit_cast<uint32_t>(0.36787944f));
    CHECK(std::bit_cast<uint32_t>(detExp(-0.25f)) == std::bit_cast<uint32_t>(0.77880079f));
}
