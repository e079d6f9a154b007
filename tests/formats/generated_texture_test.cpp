// SPDX-License-Identifier: MIT
// Generated textures: the Du/Dv water map (legacy §4.6, T-20), solid, checker, perf ramp.
#include "formats/generated_texture.h"

#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>
#include <limits>

using namespace refrast;

namespace {
// The §4.6 formula evaluated independently with libm's double sin/cos rounded to float.
int8_t referenceComponent(double value) {
    const float scaled = 64.0f * float(value);
    return int8_t(std::nearbyint(scaled));  // default FE_TONEAREST: ties to even like the x87
}
}  // namespace

TEST_CASE("formats/generated_texture: the 128×128 Du/Dv map has 32,768 bytes with the known corners") {
    const std::vector<int8_t> pairs = dudvPairs(128);
    REQUIRE(pairs.size() == 32768);
    // (0, 0): angle = −1 × 12.56636 ≈ −4π + 1.0e−5 → (64·cos, 64·sin) ≈ (64, 0.0006) → (64, 0).
    CHECK((pairs[0] == 64 && pairs[1] == 0));
    // (16, 0): x = 0.125, angle ≈ −3.5π → cos ≈ 0, sin = +1 → (0, 64).
    CHECK((pairs[32] == 0 && pairs[33] == 64));
    // (32, 0): x = 0.25, angle ≈ −3π → (−64, 0).
    CHECK((pairs[64] == -64 && pairs[65] == 0));
}

TEST_CASE("formats/generated_texture: every Du/Dv pair matches the formula for sizes 128 and 32") {
    for (int size : {128, 32}) {
        const std::vector<int8_t> pairs = dudvPairs(size);
        int mismatches = 0;
        for (int j = 0; j < size; ++j)
            for (int i = 0; i < size; ++i) {
                const float angle = ((float(i) / float(size) + float(j) / float(size)) - 1.0f) * 12.566360473632812f;
                const size_t k = (size_t(j) * size_t(size) + size_t(i)) * 2;
                mismatches += pairs[k] != referenceComponent(std::cos(double(angle)));
                mismatches += pairs[k + 1] != referenceComponent(std::sin(double(angle)));
            }
        CHECK(mismatches == 0);
    }
}

TEST_CASE("formats/generated_texture: the Du/Dv texture is Snorm8 (du, dv, 127, 127)") {
    const Texture t = generateDuDvTexture(32);
    CHECK(t.encoding == TexelEncoding::Snorm8);
    CHECK(t.levels[0].rgba[0] == 64);
    CHECK(t.levels[0].rgba[1] == 0);
    CHECK((t.levels[0].rgba[2] == 127 && t.levels[0].rgba[3] == 127));
}

TEST_CASE("formats/generated_texture: solid, checker and the WORKLOADS perf ramp") {
    CHECK(generateSolidTexture(1, 1, 0x80102030).levels[0].rgba == std::vector<uint8_t>{0x10, 0x20, 0x30, 0x80});
    const Texture c = generateCheckerTexture(4, 1, 2, 0xFF000000, 0xFFFFFFFF);  // cells of 2: black, white
    CHECK(c.levels[0].rgba == std::vector<uint8_t>{0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255});
    const Texture p = generatePerfRampTexture();
    // texel (16, 33): R 16, G 33, B ((1 ^ 2) & 1) ? 224 : 32 = 224, A ((0 + 1) & 1) ? 255 : 128 = 255.
    const uint8_t* texel = &p.levels[0].rgba[(33 * 256 + 16) * 4];
    CHECK(std::vector<uint8_t>(texel, texel + 4) == std::vector<uint8_t>{16, 33, 224, 255});
}
