// SPDX-License-Identifier: MIT
// docs/fixed-function.md §16.3: Atten = 1 / ((a0 + a1·d) + a2·d²), 0 beyond Range.
#include "raster/vertex/light_attenuation.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {
Light pointLight(float a0, float a1, float a2, float range) {
    Light l;
    l.type = LightType::Point;
    l.attenuation0 = a0, l.attenuation1 = a1, l.attenuation2 = a2, l.range = range;
    return l;
}
}  // namespace

TEST_CASE("vertex/light_attenuation: a directional light is never attenuated") {
    Light l;  // the default light is directional
    CHECK(lightAttenuation(l, 1e6f, LightRangeRule::Cutoff) == 1.0f);
}

TEST_CASE("vertex/light_attenuation: constant, linear and quadratic terms at d = 4") {
    // (1 + 0.5·4) + 0.25·16 = 3 + 4 = 7: every step exact in float, so 1/7 rounded once.
    CHECK(lightAttenuation(pointLight(1, 0.5f, 0.25f, 10), 4.0f, LightRangeRule::Cutoff) == 1.0f / 7.0f);
    // Only a0 = 2: 1/2 at any distance inside the range.
    CHECK(lightAttenuation(pointLight(2, 0, 0, 10), 9.0f, LightRangeRule::Cutoff) == 0.5f);
    // Only a2 = 1: inverse square, 1/16 at d = 4.
    CHECK(lightAttenuation(pointLight(0, 0, 1, 10), 4.0f, LightRangeRule::Cutoff) == 0.0625f);
}

TEST_CASE("vertex/light_attenuation: Range cuts the light off beyond it, not at it") {
    const Light l = pointLight(1, 0, 0, 4);
    CHECK(lightAttenuation(l, 4.0f, LightRangeRule::Cutoff) == 1.0f);  // d = Range: still lit (d > Range cuts)
    CHECK(lightAttenuation(l, 4.0001f, LightRangeRule::Cutoff) == 0.0f);
    CHECK(lightAttenuation(l, 4.0001f, LightRangeRule::Unlimited) == 1.0f);  // the GL-style option ignores Range
}
