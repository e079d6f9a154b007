// SPDX-License-Identifier: MIT
// Blending: every D3DBLEND factor and D3DBLENDOP, separate alpha, targets without
// alpha, float-then-round-once.
#include "raster/output/alpha_blend.h"

#include "tests/raster/output/rgba_string.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {

// src = (102, 153, 204, 128)/255 = (.4, .6, .8, .50196); dst = (51, 102, 255, 64)/255 = (.2, .4, 1, .25098).
const Rgba kSrc = decodeRgba8({102, 153, 204, 128});
constexpr Rgba8 kDst{51, 102, 255, 64};

Rgba8 blend(Blend src, Blend dest, BlendOp op = BlendOp::Add, uint32_t factor = 0xFFFFFFFF) {
    BlendState s;
    s.enable = true;
    s.srcBlend = src;
    s.destBlend = dest;
    s.blendOp = op;
    s.blendFactor = factor;
    return alphaBlend(s, kSrc, kDst, true);
}

}  // namespace

TEST_CASE("output/alpha_blend: SRCALPHA/INVSRCALPHA, 50% blue over opaque red") {
    BlendState s;
    s.enable = true;
    s.srcBlend = Blend::SrcAlpha;
    s.destBlend = Blend::InvSrcAlpha;
    const Rgba8 out = alphaBlend(s, decodeRgba8({0x00, 0x00, 0xFF, 0x80}), {0xFF, 0x00, 0x00, 0xFF}, true);
    // Red keeps 127/255, blue gets 128/255; alpha (128/255)^2 + 127/255 = .75001 -> 191.25.
    CHECK(out == Rgba8{0x7F, 0x00, 0x80, 0xBF});
}

TEST_CASE("output/alpha_blend: every factor as SRCBLEND (DESTBLEND ZERO): sat(src * Fs)") {
    CHECK(blend(Blend::Zero, Blend::Zero) == Rgba8{0, 0, 0, 0});
    CHECK(blend(Blend::One, Blend::Zero) == Rgba8{102, 153, 204, 128});
    // s*s: 40.8, 91.8, 163.2, 64.25
    CHECK(blend(Blend::SrcColor, Blend::Zero) == Rgba8{41, 92, 163, 64});
    // s(1-s): 61.2, 61.2, 40.8, 63.75
    CHECK(blend(Blend::InvSrcColor, Blend::Zero) == Rgba8{61, 61, 41, 64});
    // s*As: 51.2, 76.8, 102.4, 64.25
    CHECK(blend(Blend::SrcAlpha, Blend::Zero) == Rgba8{51, 77, 102, 64});
    // s(1-As): 50.8, 76.2, 101.6, 63.75
    CHECK(blend(Blend::InvSrcAlpha, Blend::Zero) == Rgba8{51, 76, 102, 64});
    // s*Ad: 25.6, 38.4, 51.2, 32.13
    CHECK(blend(Blend::DestAlpha, Blend::Zero) == Rgba8{26, 38, 51, 32});
    // s(1-Ad): 76.4, 114.6, 152.8, 95.87
    CHECK(blend(Blend::InvDestAlpha, Blend::Zero) == Rgba8{76, 115, 153, 96});
    // s*d: 20.4, 61.2, 204, 32.13
    CHECK(blend(Blend::DestColor, Blend::Zero) == Rgba8{20, 61, 204, 32});
    // s(1-d): 81.6, 91.8, 0, 95.87
    CHECK(blend(Blend::InvDestColor, Blend::Zero) == Rgba8{82, 92, 0, 96});
    // f = min(As, 1-Ad) = .50196: rgb as SRCALPHA, alpha factor 1
    CHECK(blend(Blend::SrcAlphaSat, Blend::Zero) == Rgba8{51, 77, 102, 128});
    // BLENDFACTOR 0x80FF4000 = (1, .25098, 0, .50196): 102, 38.4, 0, 64.25
    CHECK(blend(Blend::BlendFactor, Blend::Zero, BlendOp::Add, 0x80FF4000) == Rgba8{102, 38, 0, 64});
    // 1 - it = (0, .74902, 1, .49804): 0, 114.6, 204, 63.75
    CHECK(blend(Blend::InvBlendFactor, Blend::Zero, BlendOp::Add, 0x80FF4000) == Rgba8{0, 115, 204, 64});
}

TEST_CASE("output/alpha_blend: BOTHSRCALPHA and BOTHINVSRCALPHA override DESTBLEND") {
    // s As + d (1-As): 20.08+9.96 -> 76.6, 127.6, 229.4, 96.1
    CHECK(blend(Blend::BothSrcAlpha, Blend::Zero) == Rgba8{77, 128, 229, 96});
    // s (1-As) + d As: 76.4, 127.4, 229.6, 95.9
    CHECK(blend(Blend::BothInvSrcAlpha, Blend::One) == Rgba8{76, 127, 230, 96});
}

TEST_CASE("output/alpha_blend: factors as DESTBLEND (SRCBLEND ZERO): sat(dst * Fd)") {
    // d*s: 20.4, 61.2, 204, 32.13 (DESTCOLOR as source == SRCCOLOR as dest)
    CHECK(blend(Blend::Zero, Blend::SrcColor) == Rgba8{20, 61, 204, 32});
    // d*d: 10.2, 40.8, 255, 16.06
    CHECK(blend(Blend::Zero, Blend::DestColor) == Rgba8{10, 41, 255, 16});
    // d (1-As): 25.4, 50.8, 127.0, 31.87
    CHECK(blend(Blend::Zero, Blend::InvSrcAlpha) == Rgba8{25, 51, 127, 32});
    // d * (f, f, f, 1), f = .50196: 25.6, 51.2, 128.0, 64
    CHECK(blend(Blend::Zero, Blend::SrcAlphaSat) == Rgba8{26, 51, 128, 64});
}

TEST_CASE("output/alpha_blend: the five blend ops with ONE/ONE") {
    // .6, 1.0, 1.8 -> 1, .75294: 153, 255, 255, 192
    CHECK(blend(Blend::One, Blend::One, BlendOp::Add) == Rgba8{153, 255, 255, 192});
    // s - d: .2, .2, -.2 -> 0, .25098
    CHECK(blend(Blend::One, Blend::One, BlendOp::Subtract) == Rgba8{51, 51, 0, 64});
    // d - s: -.2 -> 0, -.2 -> 0, .2, -.25 -> 0
    CHECK(blend(Blend::One, Blend::One, BlendOp::RevSubtract) == Rgba8{0, 0, 51, 0});
    // factors ignored: min(s, d), max(s, d)
    CHECK(blend(Blend::Zero, Blend::Zero, BlendOp::Min) == Rgba8{51, 102, 204, 64});
    CHECK(blend(Blend::Zero, Blend::Zero, BlendOp::Max) == Rgba8{102, 153, 255, 128});
}

TEST_CASE("output/alpha_blend: SEPARATEALPHABLENDENABLE uses its own factors and op for alpha") {
    BlendState s;
    s.enable = true;
    s.separateAlpha = true;
    s.srcBlendAlpha = Blend::Zero;
    s.destBlendAlpha = Blend::One;
    CHECK(alphaBlend(s, kSrc, kDst, true) == Rgba8{102, 153, 204, 64});  // alpha keeps dst
    s.blendOpAlpha = BlendOp::Max;
    CHECK(alphaBlend(s, kSrc, kDst, true) == Rgba8{102, 153, 204, 128});
    s.separateAlpha = false;  // the colour state applies to alpha again
    CHECK(alphaBlend(s, kSrc, kDst, true) == Rgba8{102, 153, 204, 128});
}

TEST_CASE("output/alpha_blend: a target without alpha reads DESTALPHA as 1 (test_blend)") {
    BlendState s;
    s.enable = true;
    s.srcBlend = Blend::DestAlpha;
    s.destBlend = Blend::InvDestAlpha;
    CHECK(alphaBlend(s, kSrc, kDst, false) == Rgba8{102, 153, 204, 128});  // src * 1 + dst * 0
}

TEST_CASE("output/alpha_blend: disabled writes the source; the source is clamped first (R-9)") {
    BlendState s;
    s.srcBlend = Blend::Zero;  // ignored while disabled
    CHECK(alphaBlend(s, kSrc, kDst, true) == Rgba8{102, 153, 204, 128});
    s.enable = true;
    s.srcBlend = s.destBlend = Blend::One;
    s.blendOp = BlendOp::Subtract;
    // src r 1.5 enters as 1: 1 - .2 = .8 -> 204 (not 1.3 -> 255); g -0.5 enters as 0: 0 - .4 -> 0
    CHECK(alphaBlend(s, {1.5f, -0.5f, 0.8f, 0.50196f}, kDst, true) == Rgba8{204, 0, 0, 64});
}
