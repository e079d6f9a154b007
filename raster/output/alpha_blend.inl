// SPDX-License-Identifier: MIT
// Blending and the 8-bit encode over lanes (alpha_blend.h, color_write.h):
// every D3DBLEND factor and D3DBLENDOP, one formula each as in fixed-function
// reference §7 and rules R-3, R-9, R-10. Compiled once per SIMD level
// (shade_span_<level>.cpp) and at width 1 by alpha_blend.cpp, whose scalar
// functions are this code.
#pragma once

#include "raster/output/alpha_blend.h"
#include "raster/pixel/color_lanes.inl"

namespace refrast::REFRAST_LANES_NS {

inline Color inverse(const Color& c) {
    const F one = splat(1.0f);
    return {one - c.r, one - c.g, one - c.b, one - c.a};
}

[[gnu::always_inline]] inline Color factorOf(Blend blend, const Color& src, const Color& dst, const Rgba& constant) {
    switch (blend) {
        case Blend::Zero: return splatColor(0.0f);              // (0, 0, 0, 0)
        case Blend::One: return splatColor(1.0f);               // (1, 1, 1, 1)
        case Blend::SrcColor: return src;                       // (Rs, Gs, Bs, As)
        case Blend::InvSrcColor: return inverse(src);           // 1 - (Rs, Gs, Bs, As)
        case Blend::SrcAlpha:                                   // (As, As, As, As)
        case Blend::BothSrcAlpha: return {src.a, src.a, src.a, src.a};  // as a dest factor: GL_SRC_ALPHA ([WINE-FFP])
        case Blend::InvSrcAlpha:                                // 1 - As
        case Blend::BothInvSrcAlpha: {
            const F f = splat(1.0f) - src.a;
            return {f, f, f, f};
        }
        case Blend::DestAlpha: return {dst.a, dst.a, dst.a, dst.a};  // Ad (1 without a target alpha)
        case Blend::InvDestAlpha: {                                  // 1 - Ad
            const F f = splat(1.0f) - dst.a;
            return {f, f, f, f};
        }
        case Blend::DestColor: return dst;                      // (Rd, Gd, Bd, Ad)
        case Blend::InvDestColor: return inverse(dst);          // 1 - (Rd, Gd, Bd, Ad)
        case Blend::SrcAlphaSat: {                              // (f, f, f, 1), f = min(As, 1 - Ad)
            const F f = min(src.a, splat(1.0f) - dst.a);
            return {f, f, f, splat(1.0f)};
        }
        case Blend::BlendFactor: return splatColor(constant);            // D3DRS_BLENDFACTOR
        case Blend::InvBlendFactor: return inverse(splatColor(constant));  // 1 - D3DRS_BLENDFACTOR
    }
    return splatColor(0.0f);
}

[[gnu::always_inline]] inline F channelOf(BlendOp op, F s, F fs, F d, F fd) {
    switch (op) {
        case BlendOp::Add: return s * fs + d * fd;          // Cs*Fs + Cd*Fd
        case BlendOp::Subtract: return s * fs - d * fd;     // Cs*Fs - Cd*Fd
        case BlendOp::RevSubtract: return d * fd - s * fs;  // Cd*Fd - Cs*Fs
        case BlendOp::Min: return min(s, d);                // factors ignored (std::min)
        case BlendOp::Max: return max(s, d);                // factors ignored (std::max)
    }
    return splat(0.0f);
}

// The blend of enabled blending before the final saturate and rounding, for
// saturated src and decoded dst (alpha_blend.h blendColor).
[[gnu::always_inline]] inline Color blendColor(const BlendPlan& p, const Color& s, const Color& d) {
    const Color fs = factorOf(p.color.src, s, d, p.constant), fd = factorOf(p.color.dest, s, d, p.constant);
    // Without SEPARATEALPHABLENDENABLE the alpha factors are the colour factors' alpha.
    const F fsA = p.separateAlpha ? factorOf(p.alpha.src, s, d, p.constant).a : fs.a;
    const F fdA = p.separateAlpha ? factorOf(p.alpha.dest, s, d, p.constant).a : fd.a;
    // R-10: one saturate and one rounding per channel, after the whole blend.
    return {channelOf(p.op, s.r, fs.r, d.r, fd.r), channelOf(p.op, s.g, fs.g, d.g, fd.g),
            channelOf(p.op, s.b, fs.b, d.b, fd.b), channelOf(p.alphaOp, s.a, fsA, d.a, fdA)};
}

// R-3: sat(x) then floor(x * 255 + 0.5) (round half up), in [0, 255].
inline I32 encodeUnorm8(F x) { return truncToInt(saturate(x) * splat(255.0f) + splat(0.5f)); }

// R-6: c / 255, the division kUnorm8Decode holds (one correctly rounded
// IEEE division, the same at compile and run time): four table gathers per
// pixel were a third of the blending merger's time (W2), a division per
// channel is cheaper.
inline F decodeUnorm8(I32 c) { return toFloat(c) / splat(255.0f); }

}  // namespace refrast::REFRAST_LANES_NS
