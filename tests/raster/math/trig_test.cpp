// SPDX-License-Identifier: MIT
// Deterministic sinFloat/cosFloat (docs/textures.md T-19) against libm in double.
// (libm is allowed here: it only checks our implementation, it feeds no pixels.)
#include "raster/math/trig.h"

#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>
#include <limits>

using namespace refrast;

TEST_CASE("math/trig: exact at 0 and agreeing with correctly rounded libm over the Du/Dv angles") {
    CHECK(sinFloat(0.0f) == 0.0f);
    CHECK(cosFloat(0.0f) == 1.0f);
    int mismatches = 0;
    for (int size : {32, 128})
        for (int j = 0; j < size; ++j)
            for (int i = 0; i < size; ++i) {
                const float angle = ((float(i) / float(size) + float(j) / float(size)) - 1.0f) * 12.566360473632812f;
                mismatches += sinFloat(angle) != float(std::sin(double(angle)));
                mismatches += cosFloat(angle) != float(std::cos(double(angle)));
            }
    CHECK(mismatches == 0);
}

TEST_CASE("math/trig: agrees with libm over a sweep of -20..20 and is NaN for infinities") {
    int mismatches = 0;
    for (int k = -20000; k <= 20000; ++k) {
        const float x = float(k) * 0.001f;
        mismatches += sinFloat(x) != float(std::sin(double(x)));
        mismatches += cosFloat(x) != float(std::cos(double(x)));
    }
    CHECK(mismatches == 0);
    CHECK(std::isnan(sinFloat(std::numeric_limits<float>::infinity())));
}
