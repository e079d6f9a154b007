// SPDX-License-Identifier: MIT
// Texture-coordinate transforms: 2D matrix, scroll, tiling, Page cells, ripple (T-12..T-16).
#include "raster/vertex/texcoord_transform.h"

#include <doctest/doctest.h>

using namespace refrast;

TEST_CASE("vertex/texcoord_transform: a 2D transform uses the third row as translation") {
    Mat4 m = Mat4::Identity();
    m(0, 0) = 2.0f;   // _11
    m(1, 0) = 1.0f;   // _21
    m(1, 1) = 3.0f;   // _22
    m(2, 0) = 0.5f;   // _31
    m(2, 1) = 0.25f;  // _32
    // (1, 2): u' = (1·2 + 2·1) + 0.5 = 4.5, v' = (1·0 + 2·3) + 0.25 = 6.25.
    CHECK(transformTexcoord2D(m, {1.0f, 2.0f}) == Vec2(4.5f, 6.25f));
}

TEST_CASE("vertex/texcoord_transform: scroll is fmod(rate·t, 1) with the sign of the product") {
    // 0.5·10.5 = 5.25 → 0.25; −0.25·10.5 = −2.625 → −0.625.
    CHECK(textureScrollOffset({0.5f, -0.25f}, 10.5f) == Vec2(0.25f, -0.625f));
    // The legacy §3 rate 0.05 at t = 1e6 s: 0.05f·1e6 rounds to 50000 exactly → offset 0, not 50000.
    CHECK(textureScrollOffset({0.05f, 0.0f}, 1.0e6f).x() == 0.0f);
}

TEST_CASE("vertex/texcoord_transform: tiling scales the cell UV") {
    CHECK(tileTexcoord({0.25f, 0.5f}, 4.0f) == Vec2(1.0f, 2.0f));
}

TEST_CASE("vertex/texcoord_transform: Page cells map UVs into their rect, outside UVs bleed") {
    Texture t;
    t.levels.push_back(MipLevel{8, 4, {}});
    t.pages = {PageCell{2, 1, 4, 2}};  // x 2, y 1, width 4, height 2
    CHECK(pageCellTexcoord(t, 0, {0.3f, 0.7f}) == Vec2(0.3f, 0.7f));  // cell 0: the whole texture
    // u' = 2/8 + 0.5·4/8 = 0.5, v' = 1/4 + 0.5·2/4 = 0.5.
    CHECK(pageCellTexcoord(t, 1, {0.5f, 0.5f}) == Vec2(0.5f, 0.5f));
    // u = 1.25: 0.25 + 5/8 = 0.875, past the cell's right edge at 0.75.
    CHECK(pageCellTexcoord(t, 1, {1.25f, 0.0f}) == Vec2(0.875f, 0.25f));
}

TEST_CASE("vertex/texcoord_transform: the water ripple offset is (clock mod 10000) / 10000") {
    CHECK(waterRippleOffset(12345) == 0.2345f);  // 2345 / 10000, correctly rounded
    CHECK(waterRippleOffset(10000) == 0.0f);
}

TEST_CASE("vertex/texcoord_transform: modifiers apply tiling, scroll, transform, then the Page cell") {
    Texture t;
    t.levels.push_back(MipLevel{8, 8, {}});
    t.pages = {PageCell{4, 0, 4, 4}};
    TexcoordModifiers m;
    m.tiling = 2.0f;
    m.scroll = Vec2(0.25f, 0.0f);
    m.transform2D = true;
    m.textureTransform(2, 1) = 0.5f;  // _32: v += 0.5
    m.pageCell = 1;
    // (0.25, 0.25) × 2 = (0.5, 0.5); + fmod(0.25·2, 1) = (1.0, 0.5); v + 0.5 = (1.0, 1.0);
    // cell (4, 0, 4, 4) of 8×8: u' = 4/8 + 1·4/8 = 1.0, v' = 0/8 + 1·4/8 = 0.5.
    CHECK(applyTexcoordModifiers(m, &t, {0.25f, 0.25f}, 2.0f) == Vec2(1.0f, 0.5f));
    CHECK(applyTexcoordModifiers(TexcoordModifiers{}, nullptr, {0.3f, 0.7f}, 5.0f) == Vec2(0.3f, 0.7f));
}
