// SPDX-License-Identifier: MIT
// Framebuffer blending: D3DRS_ALPHABLENDENABLE, SRCBLEND, DESTBLEND, BLENDOP,
// SEPARATEALPHABLENDENABLE, SRCBLENDALPHA, DESTBLENDALPHA, BLENDOPALPHA, BLENDFACTOR.
// Spec: fixed-function reference §7 (factors and ops), §8 option (a): decode the
// destination, blend in float, saturate, round once (rules ).
// Implements: every D3DBLEND factor of D3D9 fixed function and every D3DBLENDOP.
// Does not implement: D3D9Ex SRCCOLOR2/INVSRCCOLOR2 (dual-source), 8-bit integer blending.
#pragma once

#include "raster/pixel/rgba.h"
#include "raster/state/blend_state.h"

namespace refrast {

// The per-draw decisions of blending: BOTH* resolved, BLENDFACTOR decoded.
struct BlendPlan {
    struct FactorPair {
        Blend src = Blend::One, dest = Blend::Zero;
    };
    bool enable = false;
    FactorPair color, alpha;  // alpha: SRCBLENDALPHA / DESTBLENDALPHA (used with separateAlpha)
    bool separateAlpha = false;
    BlendOp op = BlendOp::Add, alphaOp = BlendOp::Add;
    Rgba constant;  // D3DRS_BLENDFACTOR
};
BlendPlan makeBlendPlan(const BlendState& state);

// The factor (r, g, b, a) of `blend` for saturated src and decoded dst
// (dst.a already 1 on targets without alpha).
Rgba blendFactor(Blend blend, const Rgba& src, const Rgba& dst, const Rgba& constant);

// s * fs OP d * fd for one channel, before saturation.
float blendChannel(BlendOp op, float s, float fs, float d, float fd);

// The blended 8-bit pixel. With blending disabled this is encode(src). On a
// target without alpha, Ad reads as 1 and the returned alpha is not stored. The
// caller applies COLORWRITEENABLE afterwards (colorWrite).
Rgba8 alphaBlend(const BlendState& state, const Rgba& src, Rgba8 dst, bool targetHasAlpha);

// The blend of enabled blending before the final saturate and rounding, for
// saturated src and decoded dst (alpha 1 on targets without alpha); the
// encode of the target's format follows (alphaBlend for 8-bit targets).
Rgba blendColor(const BlendState& state, const Rgba& src, const Rgba& dst);

}  // namespace refrast
