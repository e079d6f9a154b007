// SPDX-License-Identifier: MIT
// A scene's gate as diff options.
#include "src/golden/scene_gate.h"

#include <doctest/doctest.h>

using namespace refrast;

TEST_CASE("golden/scene_gate: the default gate is exact") {
    const DiffOptions o = golden::diffOptionsFor(GateSpec{});
    CHECK(o.tolerance == 0);
    CHECK(o.positionDeviation == 0);
    CHECK(o.gate.exact());
}

TEST_CASE("golden/scene_gate: every set key carries over; unset thresholds (< 0) stay unset") {
    GateSpec g;
    g.tolerance = 2, g.positionDeviation = 1, g.maxPixels = 5;
    const DiffOptions o = golden::diffOptionsFor(g);
    CHECK(o.tolerance == 2);
    CHECK(o.positionDeviation == 1);
    CHECK(o.gate.maxPixels == 5);
    CHECK_FALSE(o.gate.maxFraction);
    g.maxFraction = 0.0;  // an explicit 0 is a threshold
    CHECK(golden::diffOptionsFor(g).gate.maxFraction == 0.0);
}
