// SPDX-License-Identifier: MIT
// The generated fire-smoke sprite: greyscale, transparent outside the disc,
// bright and opaque near the centre, a function of (size, seed) only.
#include "formats/sfx/fire_smoke_texture.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::sfx;

namespace {
const uint8_t* texel(const Texture& t, int x, int y) {
    return &t.levels[0].rgba[(size_t(y) * size_t(t.levels[0].width) + size_t(x)) * 4];
}
}  // namespace

TEST_CASE("sfx/fire_smoke_texture: greyscale luminance, coverage in alpha, zero outside the disc") {
    const Texture t = generateFireSmokeTexture(16, 1);
    REQUIRE(t.levels.size() == 1);
    CHECK(t.levels[0].width == 16);
    CHECK(t.levels[0].height == 16);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) {
            const uint8_t* p = texel(t, x, y);
            CHECK((p[0] == p[1] && p[1] == p[2]));  // the ramp colours it, not the texture
        }
    // Corner (0, 0): u = v = 0.5/16 × 2 − 1 = −0.9375, u² + v² = 1.7578 > 1: falloff 0.
    CHECK(texel(t, 0, 0)[0] == 0);
    CHECK(texel(t, 0, 0)[3] == 0);
    // Centre (8, 8): u = v = 0.0625, falloff 0.9922; alpha = falloff × 2 × (0.5 + 0.5 noise) ≥ 0.99: opaque.
    CHECK(texel(t, 8, 8)[3] == 255);
    CHECK(texel(t, 8, 8)[0] > 25);  // luminance ≥ falloff × 0.1 = 0.099 → ≥ 25
}

TEST_CASE("sfx/fire_smoke_texture: the same (size, seed) gives the same bytes; another seed differs") {
    CHECK(generateFireSmokeTexture(32, 3).levels[0].rgba == generateFireSmokeTexture(32, 3).levels[0].rgba);
    CHECK(generateFireSmokeTexture(32, 3).levels[0].rgba != generateFireSmokeTexture(32, 4).levels[0].rgba);
}
