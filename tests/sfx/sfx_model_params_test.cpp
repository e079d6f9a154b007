// SPDX-License-Identifier: MIT
// The named switches and parameters: defaults from §3.1 and --param overrides.
#include "formats/sfx/sfx_model_params.h"

#include "refrast/error.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::sfx;

TEST_CASE("sfx/params: the defaults are §3.1's readings and figures") {
    const SfxModelParams m;
    CHECK(m.heatKillReads == HeatKillReads::NewHeat);
    CHECK(m.alphaKill);
    CHECK(m.clampForDrawing);
    CHECK(m.updateOrder == UpdateOrder::HeatColourAlphaPosition);
    CHECK(m.heatKillThreshold == 1e-4f);
    CHECK(m.lifetimeSeconds == 7.0f);
    CHECK(m.sizeScale == 0.5f);
    CHECK(m.burstScatter == 0.2f);
    CHECK(m.occlusionCold == 0.45f);
    CHECK(m.occlusionHot == 0.9f);
    CHECK(m.coneUpBiasScale == 1.0f);
}

TEST_CASE("sfx/params: NAME=VALUE overrides each kind of parameter") {
    SfxModelParams m;
    setSfxModelParam(m, "heatKillReads=old");
    setSfxModelParam(m, "alphaKill=false");
    setSfxModelParam(m, "updateOrder=colour-before-heat");
    setSfxModelParam(m, "sizeScale=1.25");
    setSfxModelParam(m, "repeatIntervalFrames=6");
    CHECK(m.heatKillReads == HeatKillReads::OldHeat);
    CHECK_FALSE(m.alphaKill);
    CHECK(m.updateOrder == UpdateOrder::ColourBeforeHeat);
    CHECK(m.sizeScale == 1.25f);
    CHECK(m.repeatIntervalFrames == 6);
}

TEST_CASE("sfx/params: bad overrides are usage errors naming the parameter") {
    SfxModelParams m;
    CHECK_THROWS_WITH_AS(setSfxModelParam(m, "burstRotationMaxAngle=0.6"),
                         "--param burstRotationMaxAngle: expected a number in [0, 0.5], got '0.6'", UsageError);
    CHECK_THROWS_WITH_AS(setSfxModelParam(m, "alphaKill=yes"), "--param alphaKill: expected true or false, got 'yes'",
                         UsageError);
    CHECK_THROWS_WITH_AS(setSfxModelParam(m, "repeatIntervalFrames=2.5"),
                         "--param repeatIntervalFrames: expected an integer in [1, 1000], got '2.5'", UsageError);
    CHECK_THROWS_WITH_AS(setSfxModelParam(m, "nope=1"), "--param: unknown parameter 'nope' (docs/sfx.md \"Parameters\")",
                         UsageError);
    CHECK_THROWS_WITH_AS(setSfxModelParam(m, "sizeScale"), "--param: expected NAME=VALUE, got 'sizeScale'", UsageError);
}
