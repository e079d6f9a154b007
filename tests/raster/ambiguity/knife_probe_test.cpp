// SPDX-License-Identifier: MIT
// The ambiguity map's four per-fragment criteria (raster/ambiguity/probe.h,
// docs/ambiguity.md), each at and away from its knife edge, hand-computed.
#include "raster/ambiguity/probe.h"
#include "raster/ambiguity/thresholds.h"
#include "raster/output/depth_test.h"
#include "raster/state/draw_state.h"
#include "raster/texture/texture.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {

Framebuffer knifeTarget(int width, int height, DepthFormat depth = DepthFormat::D24S8) {
    Framebuffer fb;
    fb.width = width, fb.height = height;
    fb.depthFormat = depth;
    fb.color.assign(size_t(width) * size_t(height) * 4, 0);
    fb.depth.assign(size_t(width) * size_t(height), 0);
    addKnifePlanes(fb);
    return fb;
}

// A 4x1 texture of four different greys: 0, 80, 160, 240.
Texture fourGreys() {
    Texture t;
    t.levels.push_back(MipLevel{4, 1, {0, 0, 0, 255, 80, 80, 80, 255, 160, 160, 160, 255, 240, 240, 240, 255}});
    return t;
}

SamplerState pointSampler() {
    SamplerState s;
    s.magFilter = s.minFilter = TextureFilter::Point;
    s.mipFilter = TextureFilter::None;
    s.addressU = s.addressV = TextureAddress::Clamp;
    return s;
}

uint8_t textureKnifeAt(const Texture& t, const SamplerState& s, Vec2 uv, Vec2 duvdx = Vec2(0.25f, 0.0f),
                       Vec2 duvdy = Vec2(0.0f, 0.0f)) {
    Framebuffer fb = knifeTarget(1, 1);
    AmbiguityProbe::of(fb).texture(0, 0, t, s, duvdx, duvdy, uv);
    return fb.knifePending[0];
}

}  // namespace

TEST_CASE("ambiguity probe: no planes, no probe") {
    Framebuffer fb;
    fb.width = fb.height = 2;
    CHECK(!AmbiguityProbe::of(fb));
    addKnifePlanes(fb);
    CHECK(bool(AmbiguityProbe::of(fb)));
    CHECK(fb.knife.size() == 4);
}

TEST_CASE("ambiguity: POINT sampling on a texel boundary is a knife edge, between boundaries it is not") {
    const Texture t = fourGreys();
    // u = 0.25: u * 4 = 1.0 exactly, the boundary of texels 0 (grey 0) and 1
    // (grey 80); a nudge of 1/128 texel to the left reads texel 0.
    CHECK(textureKnifeAt(t, pointSampler(), Vec2(0.25f, 0.5f)) == kKnifeTexture);
    // u = 0.375: 1.5 texels, half a texel from either boundary.
    CHECK(textureKnifeAt(t, pointSampler(), Vec2(0.375f, 0.5f)) == 0);
    // 1/256 texel past the boundary (u * 4 = 1 + 1/256): within 1/128.
    CHECK(textureKnifeAt(t, pointSampler(), Vec2(0.25f + 1.0f / 1024.0f, 0.5f)) == kKnifeTexture);
    // 1/64 texel past it: beyond the threshold.
    CHECK(textureKnifeAt(t, pointSampler(), Vec2(0.25f + 1.0f / 256.0f, 0.5f)) == 0);
}

TEST_CASE("ambiguity: a boundary between equal texels is no knife edge") {
    Texture t = fourGreys();
    for (int c = 0; c < 3; ++c) t.levels[0].rgba[size_t(4 + c)] = 0;  // texel 1 as dark as texel 0
    CHECK(textureKnifeAt(t, pointSampler(), Vec2(0.25f, 0.5f)) == 0);
}

TEST_CASE("ambiguity: a bilinear weight on its quantisation step is a knife edge only where the step shows") {
    Texture t;
    t.levels.push_back(MipLevel{2, 1, {0, 0, 0, 255, 255, 255, 255, 255}});  // black, white
    SamplerState s = pointSampler();
    s.magFilter = s.minFilter = TextureFilter::Linear;
    // u = 0.5: x = u * 2 - 0.5 = 0.5, alpha = 0.5 exactly, floor(alpha * 256) = 128;
    // 1/4096 texel less gives 127: the sample 128/256 * 255 = 127.5 (128 steps)
    // against 127/256 * 255 = 126.5 (127 steps).
    CHECK(textureKnifeAt(t, s, Vec2(0.5f, 0.5f)) == kKnifeTexture);
    // u = 0.5 + 1/2048: alpha = 0.5 + 1/1024, alpha * 256 = 128.25, a quarter
    // step from either boundary: beyond 1/16 of a step.
    CHECK(textureKnifeAt(t, s, Vec2(0.5f + 1.0f / 2048.0f, 0.5f)) == 0);
    // The same tie between two texels 40 apart: 40/256 of a step changes no 8-bit value.
    t.levels[0].rgba = {100, 100, 100, 255, 140, 140, 140, 255};
    t.decoded.reset();  // the sampler's decoded copy of the rewritten level
    CHECK(textureKnifeAt(t, s, Vec2(0.5f, 0.5f)) == 0);
}

TEST_CASE("ambiguity: MIPFILTER POINT with lambda at a level's half is a knife edge") {
    Texture t;  // 2x2 black over a 1x1 white level
    t.levels.push_back(MipLevel{2, 2, std::vector<uint8_t>(16, 0)});
    t.levels.push_back(MipLevel{1, 1, {255, 255, 255, 255}});
    SamplerState s = pointSampler();
    s.mipFilter = TextureFilter::Point;
    // duvdx = (2^(1/2)/2, 0): rho = 2^(1/2) texels, lambda = 128/256, the
    // boundary of levels 0 and 1 (floor(lambda + 1/2) = 1); 16/256 less picks level 0.
    const float half = 0.70710678f;
    CHECK(textureKnifeAt(t, s, Vec2(0.25f, 0.25f), Vec2(half, 0.0f), Vec2(0.0f, half)) == kKnifeTexture);
    // rho = 1 texel: lambda = 0, level 0 for lambda -16/256 and +16/256 too
    // (floor(lambda + 1/2) = 0); MAG and MIN are both POINT.
    CHECK(textureKnifeAt(t, s, Vec2(0.25f, 0.25f), Vec2(0.5f, 0.0f), Vec2(0.0f, 0.5f)) == 0);
}

TEST_CASE("ambiguity: the alpha test one step from flipping") {
    Framebuffer fb = knifeTarget(2, 1);
    const AlphaTestState greaterEqual128{true, Cmp::GreaterEqual, 128};
    // alpha 128/255 quantises to 128: passes, 127 would fail.
    probeAlphaTest(fb, 0, greaterEqual128, 128.0f / 255.0f, true);
    CHECK(fb.knifePending[0] == kKnifeAlphaTest);
    // 200 passes, and so do 199 and 201.
    probeAlphaTest(fb, 1, greaterEqual128, 200.0f / 255.0f, true);
    CHECK(fb.knifePending[1] == 0);
    // 127 fails by one step: discarded, but it might have been written, so
    // the pixel itself becomes ambiguous and the fragment's causes end.
    fb.knifePending[1] = kKnifeTexture;
    probeAlphaTest(fb, 1, greaterEqual128, 127.0f / 255.0f, false);
    CHECK(fb.knife[1] == (kKnifeAlphaTest | kKnifeTexture));
    CHECK(fb.knifePending[1] == 0);
    // GREATER 128 with alpha 127: 126, 127 and 128 all fail: a robust discard.
    Framebuffer other = knifeTarget(1, 1);
    probeAlphaTest(other, 0, AlphaTestState{true, Cmp::Greater, 128}, 127.0f / 255.0f, false);
    CHECK(other.knife[0] == 0);
    // A disabled test is no knife edge.
    probeAlphaTest(other, 0, AlphaTestState{false, Cmp::GreaterEqual, 128}, 128.0f / 255.0f, true);
    CHECK(other.knifePending[0] == 0);
}

TEST_CASE("ambiguity: a depth test within two units (UNORM) or four ULPs (float)") {
    Framebuffer fb = knifeTarget(4, 1);
    fb.depth = {1000, 1000, 1000, 1000};
    probeDepthTest(fb, 0, Cmp::LessEqual, 1001, false);  // one unit behind: fails by one
    CHECK(fb.knife[0] == kKnifeDepth);
    probeDepthTest(fb, 1, Cmp::LessEqual, 998, true);  // two units in front: passes by two
    CHECK(fb.knifePending[1] == kKnifeDepth);
    probeDepthTest(fb, 2, Cmp::LessEqual, 1003, false);  // three units behind: a robust fail
    CHECK((fb.knife[2] == 0 && fb.knifePending[2] == 0));
    probeDepthTest(fb, 3, Cmp::LessEqual, 1000, true);  // equal depth (multipass): not marked
    CHECK(fb.knifePending[3] == 0);
    Framebuffer f = knifeTarget(1, 1, DepthFormat::D32F);
    f.depth = {storeDepth(DepthFormat::D32F, 0.5f)};  // 0x3F000000
    probeDepthTest(f, 0, Cmp::Less, 0x3F000004u, false);  // 4 ULPs behind
    CHECK(f.knife[0] == kKnifeDepth);
    probeDepthTest(f, 0, Cmp::Always, 0x3F000001u, true);  // ALWAYS never flips
    CHECK(f.knifePending[0] == 0);
}

TEST_CASE("ambiguity: a colour write on an exact .5 tie, and what a write keeps") {
    Framebuffer fb = knifeTarget(3, 1);
    DrawState s;
    // 0.5 * 255 = 127.5 exactly: rounded half up to 128, half to even 127.
    probeColorWrite(fb, 0, s, Rgba{0.5f, 0.0f, 1.0f, 1.0f});
    CHECK(fb.knife[0] == kKnifeUnormTie);
    // 0.25 * 255 = 63.75: no tie; the opaque write replaces the pixel's causes.
    fb.knife[1] = kKnifeDepth;
    fb.knifePending[1] = kKnifeTexture;
    probeColorWrite(fb, 1, s, Rgba{0.25f, 0.0f, 0.0f, 1.0f});
    CHECK(fb.knife[1] == kKnifeTexture);
    CHECK(fb.knifePending[1] == 0);
    // A masked channel is not written: red off, the tie does not count; the
    // partial write keeps the old causes.
    s.colorWrite.mask = 0xE;
    fb.knife[2] = kKnifeDepth;
    probeColorWrite(fb, 2, s, Rgba{0.5f, 0.0f, 0.0f, 1.0f});
    CHECK(fb.knife[2] == kKnifeDepth);
    // Blending ONE + ONE onto a stored red of 0: 0.5 + 0 is still the tie, kept causes too.
    s.colorWrite.mask = 0xF;
    s.pixel.blend.enable = true;
    s.pixel.blend.srcBlend = Blend::One;
    s.pixel.blend.destBlend = Blend::One;
    probeColorWrite(fb, 2, s, Rgba{0.5f, 0.0f, 0.0f, 1.0f});
    CHECK(fb.knife[2] == (kKnifeDepth | kKnifeUnormTie));
}
