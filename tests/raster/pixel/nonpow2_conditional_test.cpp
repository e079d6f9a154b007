// SPDX-License-Identifier: MIT
// D3DPTEXTURECAPS_NONPOW2CONDITIONAL (the `nonpow2` option, docs/textures.md
// T-10a): WRAP and MIRROR act as CLAMP and mipmaps are not used on textures
// whose sides are not powers of two; nothing changes otherwise.
#include "raster/pixel/nonpow2_conditional.h"
#include "raster/pixel/sampler.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {

// A 3×1 texture, red = 10, 20, 30, over a 1×1 level of red 200.
Texture threeWide() {
    Texture t;
    t.levels.push_back(MipLevel{3, 1, {10, 0, 0, 255, 20, 0, 0, 255, 30, 0, 0, 255}});
    t.levels.push_back(MipLevel{1, 1, {200, 0, 0, 255}});
    return t;
}

}  // namespace

TEST_CASE("pixel/nonpow2_conditional: WRAP reads as CLAMP and mipmapping is off on a 3-wide texture") {
    const Texture t = threeWide();
    SamplerState s;  // WRAP, POINT
    s.mipFilter = TextureFilter::Point;
    const SamplerState conditional = nonPow2Sampler(t, s, NonPow2Rule::Conditional);
    CHECK(conditional.addressU == TextureAddress::Clamp);
    CHECK(conditional.addressV == TextureAddress::Clamp);
    CHECK(conditional.mipFilter == TextureFilter::None);
    // u = 1.2: i = floor(1.2·3) = 3; WRAP → 0 (red 10), CLAMP → 2 (red 30).
    const Vec2 magnify(1.0f / 1024.0f, 0.0f), none(0.0f, 0.0f);
    CHECK(sampleTexture(t, s, Vec2(1.2f, 0.5f), magnify, none).x() == 10.0f / 255.0f);
    CHECK(sampleTexture(t, conditional, Vec2(1.2f, 0.5f), magnify, none).x() == 30.0f / 255.0f);
    // Minified by 2 texels per pixel (λ = 1, level 1 with POINT mips): the conditional device reads level 0.
    const Vec2 minify(2.0f / 3.0f, 0.0f);
    CHECK(sampleTexture(t, s, Vec2(0.5f, 0.5f), minify, none).x() == 200.0f / 255.0f);
    CHECK(sampleTexture(t, conditional, Vec2(0.5f, 0.5f), minify, none).x() == 20.0f / 255.0f);
}

TEST_CASE("pixel/nonpow2_conditional: power-of-two sides, BORDER, MIRRORONCE and the default rule are untouched") {
    Texture square;
    square.levels.push_back(MipLevel{2, 2, std::vector<uint8_t>(16, 0)});
    SamplerState s;
    s.addressV = TextureAddress::Mirror;
    s.mipFilter = TextureFilter::Linear;
    CHECK(nonPow2Sampler(square, s, NonPow2Rule::Conditional) == s);
    CHECK(nonPow2Sampler(threeWide(), s, NonPow2Rule::Unconditional) == s);
    s.addressU = TextureAddress::Border;
    s.addressV = TextureAddress::MirrorOnce;
    const SamplerState c = nonPow2Sampler(threeWide(), s, NonPow2Rule::Conditional);
    CHECK(c.addressU == TextureAddress::Border);
    CHECK(c.addressV == TextureAddress::MirrorOnce);
}
