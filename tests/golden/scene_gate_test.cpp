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

TEST_CASE("golden/scene_gate: max_delta, max_mean_error, ignore_alpha and region thresholds carry over") {
    GateSpec g;
    g.maxDelta = 3, g.maxMeanError = 0.5, g.ignoreAlpha = true;
    GateRegion hud;
    hud.name = "hud", hud.left = 0, hud.top = 0, hud.right = 8, hud.bottom = 2, hud.maxPixels = 0;
    g.regions.push_back(hud);
    const DiffOptions o = golden::diffOptionsFor(g);
    CHECK(o.gate.maxDelta == 3);
    CHECK(o.gate.maxMeanError == 0.5);
    CHECK(o.ignoreAlpha);
    REQUIRE(o.regions.size() == 1);
    CHECK(o.regions[0].name == "hud");
    CHECK(o.regions[0].rect == PixelRect{0, 0, 8, 2});
    REQUIRE(o.regions[0].gate);
    CHECK(o.regions[0].gate->maxPixels == 0);
    CHECK_FALSE(o.regions[0].gate->maxDelta);
}
