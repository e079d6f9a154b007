// SPDX-License-Identifier: MIT
#include "raster/output/alpha_blend.h"

#include "raster/output/color_write.h"

#include <algorithm>

namespace refrast {

namespace {

Rgba splat(float f) { return {f, f, f, f}; }
Rgba inverse(const Rgba& c) { return {1.0f - c.r, 1.0f - c.g, 1.0f - c.b, 1.0f - c.a}; }

struct FactorPair {
    Blend src, dest;
};

// D3DBLEND doc: BOTHSRCALPHA / BOTHINVSRCALPHA as the source factor set both
// factors and override the destination one ([WINE-FFP] gl_blend_from_d3d).
FactorPair resolveBoth(Blend src, Blend dest) {
    if (src == Blend::BothSrcAlpha) return {Blend::SrcAlpha, Blend::InvSrcAlpha};
    if (src == Blend::BothInvSrcAlpha) return {Blend::InvSrcAlpha, Blend::SrcAlpha};
    return {src, dest};
}

[[gnu::always_inline]] inline Rgba factorOf(Blend blend, const Rgba& src, const Rgba& dst, const Rgba& constant) {
    switch (blend) {
        case Blend::Zero: return splat(0.0f);                 // (0, 0, 0, 0)
        case Blend::One: return splat(1.0f);                  // (1, 1, 1, 1)
        case Blend::SrcColor: return src;                     // (Rs, Gs, Bs, As)
        case Blend::InvSrcColor: return inverse(src);         // 1 - (Rs, Gs, Bs, As)
        case Blend::SrcAlpha:                                 // (As, As, As, As)
        case Blend::BothSrcAlpha: return splat(src.a);        // as a dest factor: GL_SRC_ALPHA ([WINE-FFP])
        case Blend::InvSrcAlpha:                              // 1 - As
        case Blend::BothInvSrcAlpha: return splat(1.0f - src.a);
        case Blend::DestAlpha: return splat(dst.a);           // Ad (1 without a target alpha)
        case Blend::InvDestAlpha: return splat(1.0f - dst.a);  // 1 - Ad
        case Blend::DestColor: return dst;                    // (Rd, Gd, Bd, Ad)
        case Blend::InvDestColor: return inverse(dst);        // 1 - (Rd, Gd, Bd, Ad)
        case Blend::SrcAlphaSat: {                            // (f, f, f, 1), f = min(As, 1 - Ad)
            const float f = std::min(src.a, 1.0f - dst.a);
            return {f, f, f, 1.0f};
        }
        case Blend::BlendFactor: return constant;             // D3DRS_BLENDFACTOR
        case Blend::InvBlendFactor: return inverse(constant);  // 1 - D3DRS_BLENDFACTOR
    }
    return splat(0.0f);
}

[[gnu::always_inline]] inline float channelOf(BlendOp op, float s, float fs, float d, float fd) {
    switch (op) {
        case BlendOp::Add: return s * fs + d * fd;          // Cs*Fs + Cd*Fd
        case BlendOp::Subtract: return s * fs - d * fd;     // Cs*Fs - Cd*Fd
        case BlendOp::RevSubtract: return d * fd - s * fs;  // Cd*Fd - Cs*Fs
        case BlendOp::Min: return std::min(s, d);           // factors ignored
        case BlendOp::Max: return std::max(s, d);           // factors ignored
    }
    return 0.0f;
}

}  // namespace

Rgba blendFactor(Blend blend, const Rgba& src, const Rgba& dst, const Rgba& constant) {
    return factorOf(blend, src, dst, constant);
}

float blendChannel(BlendOp op, float s, float fs, float d, float fd) { return channelOf(op, s, fs, d, fd); }

Rgba8 alphaBlend(const BlendState& state, const Rgba& src, Rgba8 dst, bool targetHasAlpha) {
    // the shader output is clamped to the UNORM target range before blending.
    const Rgba s = saturate(src);
    if (!state.enable) return encodeRgba8(s);
    Rgba d = decodeRgba8(dst);
    if (!targetHasAlpha) d.a = 1.0f;  // "A nonexistent alpha channel returns 1.0" ([WINE-FFP], test_blend)
    return encodeRgba8(blendColor(state, s, d));
}

Rgba blendColor(const BlendState& state, const Rgba& s, const Rgba& d) {
    const Rgba k = decodeD3DColor(state.blendFactor);
    const FactorPair color = resolveBoth(state.srcBlend, state.destBlend);
    const FactorPair alpha = state.separateAlpha ? resolveBoth(state.srcBlendAlpha, state.destBlendAlpha) : color;
    const BlendOp alphaOp = state.separateAlpha ? state.blendOpAlpha : state.blendOp;
    const Rgba fs = factorOf(color.src, s, d, k), fd = factorOf(color.dest, s, d, k);
    // Without SEPARATEALPHABLENDENABLE the alpha factors are the colour factors' alpha.
    const float fsA = state.separateAlpha ? factorOf(alpha.src, s, d, k).a : fs.a;
    const float fdA = state.separateAlpha ? factorOf(alpha.dest, s, d, k).a : fd.a;
    // one saturate and one rounding per channel, after the whole blend.
    return {channelOf(state.blendOp, s.r, fs.r, d.r, fd.r), channelOf(state.blendOp, s.g, fs.g, d.g, fd.g),
            channelOf(state.blendOp, s.b, fs.b, d.b, fd.b), channelOf(alphaOp, s.a, fsA, d.a, fdA)};
}

}  // namespace refrast
