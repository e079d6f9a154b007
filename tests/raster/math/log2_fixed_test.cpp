// SPDX-License-Identifier: MIT
// Fixed-point log2 by shift-and-square (docs/textures.md rule T-9).
#include "raster/math/log2_fixed.h"

#include <doctest/doctest.h>

#include <limits>

using namespace refrast;

TEST_CASE("math/log2_fixed: floor(log2(x)·2^bits) for exact powers and in between") {
    CHECK(log2Fixed(1.0, 8) == 0);
    CHECK(log2Fixed(2.0, 8) == 256);
    CHECK(log2Fixed(0.5, 8) == -256);
    CHECK(log2Fixed(3.0, 8) == 405);    // log2 3 · 256 = 405.75
    CHECK(log2Fixed(10.0, 4) == 53);    // log2 10 · 16 = 53.15
    CHECK(log2Fixed(0.75, 8) == -107);  // log2 0.75 · 256 = −106.25 → floor −107
}

TEST_CASE("math/log2_fixed: zero, NaN and infinity saturate at ±64 levels") {
    CHECK(log2Fixed(0.0, 8) == -64 * 256);
    CHECK(log2Fixed(std::numeric_limits<double>::quiet_NaN(), 8) == -64 * 256);
    CHECK(log2Fixed(std::numeric_limits<double>::infinity(), 8) == 64 * 256);
    CHECK(log2Fixed(-1.0, 8) == -64 * 256);
}
