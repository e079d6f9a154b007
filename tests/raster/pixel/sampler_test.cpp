// SPDX-License-Identifier: MIT
// The D3D9 sampler: address modes, point/bilinear with 8-bit weights, λ and
// mip selection, MAXMIPLEVEL, LOD bias, signed textures (reference §9).
#include "raster/pixel/sampler.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {

// A texture whose levels are solid greys (R = G = B = A = value), largest first.
Texture solidLevels(int side, std::initializer_list<uint8_t> values) {
    Texture t;
    for (uint8_t v : values) {
        t.levels.push_back(MipLevel{side, side, std::vector<uint8_t>(size_t(side) * size_t(side) * 4, v)});
        side = std::max(1, side / 2);
    }
    return t;
}

// 2×2 with red: row 0 = [0, 255], row 1 = [102, 51]; green, blue 0; alpha 255.
Texture twoByTwo() {
    Texture t;
    t.levels.push_back(MipLevel{2, 2, {0, 0, 0, 255, 255, 0, 0, 255, 102, 0, 0, 255, 51, 0, 0, 255}});
    return t;
}

const Vec2 kTiny(1.0f / 1024.0f, 0.0f);  // derivatives that magnify any small texture
const Vec2 kZero(0.0f, 0.0f);

float redAt(const Texture& t, const SamplerState& s, Vec2 uv, Vec2 dx = kTiny, Vec2 dy = kZero) {
    return sampleTexture(t, s, uv, dx, dy).x();
}

}  // namespace

TEST_CASE("pixel/sampler: D3D9 defaults are WRAP, POINT, MIPFILTER NONE, bias 0, MAXMIPLEVEL 0") {
    const SamplerState s;
    CHECK((s.addressU == TextureAddress::Wrap && s.addressV == TextureAddress::Wrap));
    CHECK((s.magFilter == TextureFilter::Point && s.minFilter == TextureFilter::Point));
    CHECK(s.mipFilter == TextureFilter::None);
    CHECK((s.borderColor == 0 && s.mipMapLodBias == 0.0f && s.maxMipLevel == 0));
}

TEST_CASE("pixel/sampler: address modes map texel indices per D3DTEXTUREADDRESS") {
    CHECK(addressTexel(TextureAddress::Wrap, -1, 4) == 3);  // -1 mod 4
    CHECK(addressTexel(TextureAddress::Wrap, 5, 4) == 1);
    CHECK(addressTexel(TextureAddress::Mirror, 4, 4) == 3);   // j = 4 → 2·4 − 1 − 4
    CHECK(addressTexel(TextureAddress::Mirror, -1, 4) == 0);  // j = 7 → 0
    CHECK(addressTexel(TextureAddress::Mirror, 9, 4) == 1);   // j = 1
    CHECK(addressTexel(TextureAddress::Mirror, -5, 4) == 3);  // j = 3
    CHECK(addressTexel(TextureAddress::Clamp, -3, 4) == 0);
    CHECK(addressTexel(TextureAddress::Clamp, 7, 4) == 3);
    CHECK(addressTexel(TextureAddress::Border, -1, 4) == kBorderTexel);
    CHECK(addressTexel(TextureAddress::Border, 4, 4) == kBorderTexel);
    CHECK(addressTexel(TextureAddress::Border, 2, 4) == 2);
    CHECK(addressTexel(TextureAddress::MirrorOnce, -1, 4) == 0);  // −(−1) − 1
    CHECK(addressTexel(TextureAddress::MirrorOnce, -4, 4) == 3);
    CHECK(addressTexel(TextureAddress::MirrorOnce, -6, 4) == 3);  // 5, clamped
    CHECK(addressTexel(TextureAddress::MirrorOnce, 5, 4) == 3);
}

TEST_CASE("pixel/sampler: point sampling takes floor(u·N), floor(v·M); v grows with the row") {
    const Texture t = twoByTwo();
    const SamplerState s;
    CHECK(redAt(t, s, {0.25f, 0.25f}) == 0.0f);            // texel (0, 0)
    CHECK(redAt(t, s, {0.75f, 0.25f}) == 1.0f);            // texel (1, 0) = 255/255
    CHECK(redAt(t, s, {0.25f, 0.75f}) == 102.0f / 255.0f); // texel (0, 1)
    CHECK(redAt(t, s, {1.75f, -0.25f}) == 51.0f / 255.0f); // wraps to (1, 1)
}

TEST_CASE("pixel/sampler: BORDER returns BORDERCOLOR for any texel outside the texture") {
    const Texture t = twoByTwo();
    SamplerState s;
    s.addressU = TextureAddress::Border;
    s.borderColor = 0x80FF0000;  // A 0x80, R 0xFF
    const Vec4 c = sampleTexture(t, s, {-0.25f, 0.25f}, kTiny, kZero);  // i = floor(−0.5) = −1
    CHECK(c == Vec4(1.0f, 0.0f, 0.0f, 128.0f / 255.0f));
}

TEST_CASE("pixel/sampler: bilinear lerps at x = u·N − 0.5 with weights floored to 1/256") {
    const Texture t = twoByTwo();
    SamplerState s;
    s.magFilter = TextureFilter::Linear;
    // u = 0.5: x = 0.5, α = 0.5 between red 0 and 1; v = 0.25: y = 0, β = 0.
    CHECK(redAt(t, s, {0.5f, 0.25f}) == 0.5f);
    // u = 0.4f: x = 0.8f − 0.5 = 0.30000001; α·256 = 76.8 → 76, α = 0.296875 (not 0.3).
    CHECK(redAt(t, s, {0.4f, 0.25f}) == 0.296875f);
    // u = 0: x = −0.5, i0 = −1 wraps to texel 1 (red 1), α = 0.5 → 1 + 0.5·(0 − 1).
    CHECK(redAt(t, s, {0.0f, 0.25f}) == 0.5f);
    s.addressU = TextureAddress::Clamp;  // both taps read texel 0
    CHECK(redAt(t, s, {0.0f, 0.25f}) == 0.0f);
    s.addressU = TextureAddress::Mirror;  // texel −1 mirrors to texel 0
    CHECK(redAt(t, s, {0.0f, 0.25f}) == 0.0f);
}

TEST_CASE("pixel/sampler: bilinear in both directions is a lerp of lerps") {
    const Texture t = twoByTwo();
    SamplerState s;
    s.magFilter = TextureFilter::Linear;
    // uv (0.5, 0.5): α = β = 0.5. top = 0 + 0.5·(1 − 0) = 0.5;
    // bottom = 0.4 + 0.5·(0.2 − 0.4) = 0.3 (102/255 = 0.4, 51/255 = 0.2 in float);
    // result = 0.5 + 0.5·(bottom − 0.5).
    const float bottom = 102.0f / 255.0f + 0.5f * (51.0f / 255.0f - 102.0f / 255.0f);
    CHECK(redAt(t, s, {0.5f, 0.5f}) == 0.5f + 0.5f * (bottom - 0.5f));
}

TEST_CASE("pixel/sampler: λ = round(log2(ρ)·256) from the larger derivative length in texels") {
    const MipLevel base{8, 8, {}};
    CHECK(lodFixed(base, {1.0f / 8, 0}, {0, 1.0f / 8}) == 0);    // ρ = 1
    CHECK(lodFixed(base, {2.0f / 8, 0}, {0, 1.0f / 8}) == 256);  // ρ = 2: one level
    // ρ = 3: log2(9)·256 = 811.5 → 811; (811 + 1) >> 1 = 406 (log2 3 = 1.58496).
    CHECK(lodFixed(base, {3.0f / 8, 0}, {0, 1.0f / 8}) == 406);
    CHECK(lodFixed(base, {0, 0}, {1.0f / 8, 1.0f / 8}) == 128);  // ρ = √2: half a level
    CHECK(lodFixed(base, {0, 0}, {0, 0}) == -32 * 256);           // no derivative: deepest magnification
    CHECK(lodBiasFixed(0.5f) == 128);
    CHECK(lodBiasFixed(-0.3f) == -77);  // floor(−76.8 + 0.5)
}

TEST_CASE("pixel/sampler: MIPFILTER POINT picks the level nearest λ, LINEAR blends two") {
    const Texture t = solidLevels(8, {255, 0, 255, 0});
    SamplerState s;
    s.mipFilter = TextureFilter::Point;
    CHECK(redAt(t, s, {0.5f, 0.5f}, {1.0f / 8, 0}) == 1.0f);  // λ = 0: level 0 (magnification)
    CHECK(redAt(t, s, {0.5f, 0.5f}, {2.0f / 8, 0}) == 0.0f);  // λ = 1: level 1
    CHECK(redAt(t, s, {0.5f, 0.5f}, {3.0f / 8, 0}) == 1.0f);  // λ = 406/256: floor(1.59 + 0.5) = 2
    CHECK(redAt(t, s, {0.5f, 0.5f}, {100.0f, 0}) == 0.0f);    // far beyond: the last level (3)
    s.mipFilter = TextureFilter::Linear;
    // λ = 406/256: level 1 (0) and level 2 (1) blended by 150/256 = 0.5859375.
    CHECK(redAt(t, s, {0.5f, 0.5f}, {3.0f / 8, 0}) == 0.5859375f);
    s.mipFilter = TextureFilter::None;  // level 0 whatever λ
    CHECK(redAt(t, s, {0.5f, 0.5f}, {3.0f / 8, 0}) == 1.0f);
}

TEST_CASE("pixel/sampler: MAXMIPLEVEL clamps even magnification, and MIPFILTER NONE ignores it") {
    const Texture t = solidLevels(8, {255, 0, 255, 0});
    SamplerState s;
    s.maxMipLevel = 1;
    s.mipFilter = TextureFilter::Linear;
    CHECK(redAt(t, s, {0.5f, 0.5f}) == 0.0f);  // λ < 0, clamped up to level 1
    s.mipFilter = TextureFilter::Point;
    CHECK(redAt(t, s, {0.5f, 0.5f}) == 0.0f);
    s.mipFilter = TextureFilter::None;
    CHECK(redAt(t, s, {0.5f, 0.5f}) == 1.0f);  // level 0 (maxmip_test)
    s.mipFilter = TextureFilter::Point;
    s.maxMipLevel = 9;  // beyond the chain: the smallest level
    CHECK(redAt(t, s, {0.5f, 0.5f}) == 0.0f);
}

TEST_CASE("pixel/sampler: MIPMAPLODBIAS moves λ and with it the MAG/MIN choice") {
    const Texture t = solidLevels(8, {255, 0, 255, 0});
    SamplerState s;
    s.mipFilter = TextureFilter::Point;
    s.mipMapLodBias = 1.0f;
    CHECK(redAt(t, s, {0.5f, 0.5f}, {1.0f / 8, 0}) == 0.0f);  // λ = 0 + 1: level 1
    const Texture small = twoByTwo();
    SamplerState m;
    m.magFilter = TextureFilter::Linear;  // used while λ ≤ 0
    m.minFilter = TextureFilter::Point;   // used once λ > 0
    CHECK(redAt(small, m, {0.5f, 0.25f}, {0.25f, 0}) == 0.5f);  // ρ = 0.5, λ = −1: bilinear
    CHECK(redAt(small, m, {0.5f, 0.25f}, {1.0f, 0}) == 1.0f);   // ρ = 2, λ = 1: point at texel 1
}

TEST_CASE("pixel/sampler: Snorm8 texels return signed values c / 127, −128 clamped to −1") {
    Texture t;
    t.encoding = TexelEncoding::Snorm8;
    t.levels.push_back(MipLevel{1, 1, {0x81, 0x80, 0x40, 0x7F}});  // −127, −128, 64, 127
    const Vec4 c = sampleTexture(t, SamplerState{}, {0.5f, 0.5f}, kTiny, kZero);
    CHECK(c == Vec4(-1.0f, -1.0f, 64.0f / 127.0f, 1.0f));
}

TEST_CASE("pixel/sampler: non-finite coordinates read as texel 0 instead of undefined behaviour") {
    const Texture t = twoByTwo();
    CHECK(redAt(t, SamplerState{}, {std::numeric_limits<float>::quiet_NaN(), 0.25f}) == 0.0f);
}

TEST_CASE("pixel/sampler: SetLOD (Texture::lod) is the most detailed level, for MIPFILTER NONE too") {
    // Levels 4×4, 2×2, 1×1 of greys 10, 20, 30; magnified (λ < 0) so MAXMIPLEVEL/lod alone pick the level.
    Texture t = solidLevels(4, {10, 20, 30});
    t.lod = 1;
    SamplerState s;
    CHECK(redAt(t, s, Vec2(0.5f, 0.5f)) == 20.0f / 255.0f);  // NONE reads level lod
    s.mipFilter = TextureFilter::Point;
    CHECK(redAt(t, s, Vec2(0.5f, 0.5f)) == 20.0f / 255.0f);  // max(MAXMIPLEVEL 0, lod 1) = 1
    s.maxMipLevel = 2;
    CHECK(redAt(t, s, Vec2(0.5f, 0.5f)) == 30.0f / 255.0f);  // max(2, 1) = 2
}
