// SPDX-License-Identifier: MIT
#include "raster/output/alpha_blend.h"

#include "raster/output/alpha_blend.inl"  // the blend over lanes, here at width 1
#include "raster/output/color_write.h"

namespace refrast {

namespace {

// D3DBLEND doc: BOTHSRCALPHA / BOTHINVSRCALPHA as the source factor set both
// factors and override the destination one ([WINE-FFP] gl_blend_from_d3d).
BlendPlan::FactorPair resolveBoth(Blend src, Blend dest) {
    if (src == Blend::BothSrcAlpha) return {Blend::SrcAlpha, Blend::InvSrcAlpha};
    if (src == Blend::BothInvSrcAlpha) return {Blend::InvSrcAlpha, Blend::SrcAlpha};
    return {src, dest};
}

}  // namespace

BlendPlan makeBlendPlan(const BlendState& state) {
    BlendPlan p;
    p.enable = state.enable;
    p.color = resolveBoth(state.srcBlend, state.destBlend);
    p.alpha = state.separateAlpha ? resolveBoth(state.srcBlendAlpha, state.destBlendAlpha) : p.color;
    p.separateAlpha = state.separateAlpha;
    p.op = state.blendOp;
    p.alphaOp = state.separateAlpha ? state.blendOpAlpha : state.blendOp;
    p.constant = decodeD3DColor(state.blendFactor);
    return p;
}

Rgba blendFactor(Blend blend, const Rgba& src, const Rgba& dst, const Rgba& constant) {
    using namespace lanes_scalar;
    return toRgba(factorOf(blend, splatColor(src), splatColor(dst), constant));
}

float blendChannel(BlendOp op, float s, float fs, float d, float fd) { return lanes_scalar::channelOf(op, s, fs, d, fd); }

Rgba8 alphaBlend(const BlendState& state, const Rgba& src, Rgba8 dst, bool targetHasAlpha) {
    // the shader output is clamped to the UNORM target range before blending.
    const Rgba s = saturate(src);
    if (!state.enable) return encodeRgba8(s);
    Rgba d = decodeRgba8(dst);
    if (!targetHasAlpha) d.a = 1.0f;  // "A nonexistent alpha channel returns 1.0" ([WINE-FFP], test_blend)
    return encodeRgba8(blendColor(state, s, d));
}

Rgba blendColor(const BlendState& state, const Rgba& s, const Rgba& d) {
    using namespace lanes_scalar;
    return toRgba(blendColor(makeBlendPlan(state), splatColor(s), splatColor(d)));
}

}  // namespace refrast
