// SPDX-License-Identifier: MIT
// Box-filtered mip generation (a+b+c+d+2)>>2 with the odd-size rule (docs/textures.md T-5).
#include "raster/texture/mip_chain.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {
// A level whose texels' four channels all hold the given values, row by row.
MipLevel greys(int w, int h, std::vector<uint8_t> values) {
    MipLevel l{w, h, {}};
    for (uint8_t v : values) l.rgba.insert(l.rgba.end(), {v, v, v, v});
    return l;
}
}  // namespace

TEST_CASE("texture/mip_chain: a 2×2 block averages with +2 rounding") {
    // (0 + 1 + 2 + 4 + 2) >> 2 = 9 >> 2 = 2.
    CHECK(boxFilterLevel(greys(2, 2, {0, 1, 2, 4}), TexelEncoding::Unorm8).rgba == greys(1, 1, {2}).rgba);
}

TEST_CASE("texture/mip_chain: odd sizes drop the last column and a 1-wide level averages pairs") {
    // 3×1 → 1×1: texels 0, 1 and the clamped row repeat them: (10 + 21 + 10 + 21 + 2) >> 2 = 16; 200 dropped.
    CHECK(boxFilterLevel(greys(3, 1, {10, 21, 200}), TexelEncoding::Unorm8).rgba == greys(1, 1, {16}).rgba);
    // 1×2 → 1×1: (3 + 3 + 4 + 4 + 2) >> 2 = 4, the same as (3 + 4 + 1) >> 1.
    CHECK(boxFilterLevel(greys(1, 2, {3, 4}), TexelEncoding::Unorm8).rgba == greys(1, 1, {4}).rgba);
}

TEST_CASE("texture/mip_chain: signed texels average as signed bytes with a flooring shift") {
    // −1 − 2 − 2 − 2 + 2 = −5; −5 >> 2 = −2 (floor of −1.25), stored as 0xFE.
    CHECK(boxFilterLevel(greys(2, 2, {0xFF, 0xFE, 0xFE, 0xFE}), TexelEncoding::Snorm8).rgba == greys(1, 1, {0xFE}).rgba);
}

TEST_CASE("texture/mip_chain: a full chain goes down to 1×1 and replaces existing levels") {
    Texture t;
    t.levels = {greys(8, 4, std::vector<uint8_t>(32, 7)), greys(1, 1, {99})};
    generateMipChain(t);
    REQUIRE(t.levels.size() == 4);  // 8×4, 4×2, 2×1, 1×1
    CHECK((t.levels[3].width == 1 && t.levels[3].height == 1 && t.levels[3].rgba[0] == 7));
    dropMipChain(t);
    CHECK(t.levels.size() == 1);
}
