// SPDX-License-Identifier: MIT
// The alpha test: eight functions against the low byte of ALPHAREF.
#include "raster/output/alpha_test.h"

#include "raster/pixel/rgba.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {
bool passes(Cmp func, uint8_t alpha8, uint32_t ref) {
    return alphaTest(AlphaTestState{true, func, ref}, decodeUnorm8(alpha8));
}
}  // namespace

TEST_CASE("output/alpha_test: all eight functions at alpha 0x80 against refs 0x7F, 0x80, 0x81") {
    struct Row {
        Cmp func;
        bool below, equal, above;  // ref 0x7F (alpha above ref), 0x80, 0x81 (alpha below ref)
    };
    const Row rows[] = {
        {Cmp::Never, false, false, false},       {Cmp::Less, false, false, true},
        {Cmp::Equal, false, true, false},        {Cmp::LessEqual, false, true, true},
        {Cmp::Greater, true, false, false},      {Cmp::NotEqual, true, false, true},
        {Cmp::GreaterEqual, true, true, false},  {Cmp::Always, true, true, true},
    };
    for (const Row& r : rows) {
        CAPTURE(int(r.func));
        CHECK(passes(r.func, 0x80, 0x7F) == r.below);
        CHECK(passes(r.func, 0x80, 0x80) == r.equal);
        CHECK(passes(r.func, 0x80, 0x81) == r.above);
    }
}

TEST_CASE("output/alpha_test: only the low 8 bits of ALPHAREF count (alphatest_test)") {
    CHECK(passes(Cmp::Equal, 0x80, 0xFFFFFF80));
    CHECK(passes(Cmp::Equal, 0x00, 0x100));
}

TEST_CASE("output/alpha_test: float alpha is quantised with the target encode first (R-8)") {
    const AlphaTestState equal128{true, Cmp::Equal, 0x80};
    CHECK(alphaTest(equal128, 0.5f));            // 127.5 -> 128
    CHECK_FALSE(alphaTest(equal128, 0.4985f));   // 127.12 -> 127
    CHECK(alphaTest({true, Cmp::Equal, 0x00}, -0.2f));  // saturated to 0
    CHECK(alphaTest({true, Cmp::Equal, 0xFF}, 1.3f));   // saturated to 255
}

TEST_CASE("output/alpha_test: disabled, every pixel passes") {
    CHECK(alphaTest(AlphaTestState{false, Cmp::Never, 0}, 0.5f));
}
