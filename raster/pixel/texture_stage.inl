// SPDX-License-Identifier: MIT
// The texture-stage cascade over lanes (texture_stage.h): every D3DTOP, the
// argument modifiers, RESULTARG/TEMP, PREMODULATE and the bump pass-through,
// one formula per op as in fixed-function reference §4.1-§4.5. Compiled once
// per SIMD level (shade_span_<level>.cpp) and at width 1 by texture_stage.cpp,
// whose scalar functions are this code.
#pragma once

#include "raster/pixel/color_lanes.inl"
#include "raster/pixel/texture_stage.h"

namespace refrast::REFRAST_LANES_NS {

// The per-pixel inputs of the cascade (TextureStageInputs over lanes); the
// texels of unbound stages are not read.
struct StageLanes {
    Color diffuse, specular;
    Color texture[kMaxTextureStages];
};

// The registers and constants one stage reads (reference §4.1), by their
// D3DTA_* selector (TextureArg's values 0..6). They point at the cascade's
// own values: copying seven colours into a register file per lane group was
// most of the cascade's instructions for one MODULATE stage (W1 crop).
struct StageRegisters {
    const Color* reg[7];
};

[[gnu::always_inline]] inline const Color& registerValue(TextureArg source, const StageRegisters& c) {
    return *c.reg[size_t(source)];
}

// Reference §4.1: COMPLEMENT (1 - x) first, then ALPHAREPLICATE (x.aaaa).
// Built lane register by lane register: a copy of the whole register (GCC
// moves an aggregate in 16-byte halves) stalled the 32-byte loads that read
// it back (store forwarding), most of the cascade's time on W1.
[[gnu::always_inline]] inline Color readArg(const TextureArgument& arg, const StageRegisters& c) {
    const Color& x = registerValue(arg.source, c);
    const F one = splat(1.0f);
    if (arg.alphaReplicate) {
        const F a = arg.complement ? one - x.a : x.a;
        return {a, a, a, a};
    }
    if (arg.complement) return {one - x.r, one - x.g, one - x.b, one - x.a};
    return {x.r, x.g, x.b, x.a};
}

// An argument's alpha alone: COMPLEMENT then ALPHAREPLICATE leave 1 - x.a or x.a.
[[gnu::always_inline]] inline F readArgAlpha(const TextureArgument& arg, const StageRegisters& c) {
    const F a = registerValue(arg.source, c).a;
    return arg.complement ? splat(1.0f) - a : a;
}

// Reference §4.3: the BLEND*ALPHA ops read the alpha of the unmodified source.
[[gnu::always_inline]] inline F blendAlpha(TextureOp op, const StageRegisters& c) {
    switch (op) {
        case TextureOp::BlendDiffuseAlpha: return registerValue(TextureArg::Diffuse, c).a;
        case TextureOp::BlendTextureAlpha:
        case TextureOp::BlendTextureAlphaPM: return registerValue(TextureArg::Texture, c).a;
        case TextureOp::BlendFactorAlpha: return registerValue(TextureArg::TFactor, c).a;
        case TextureOp::BlendCurrentAlpha: return registerValue(TextureArg::Current, c).a;  // the previous stage's alpha
        default: return splat(0.0f);
    }
}

// One op on one channel, before saturation (texture_stage.h textureOpChannel).
[[gnu::always_inline]] inline F opChannel(TextureOp op, F a0, F a1, F a2, F a1Alpha, F blendAlpha) {
    const F half = splat(0.5f), one = splat(1.0f);
    switch (op) {
        case TextureOp::SelectArg1: return a1;                                       // A1
        case TextureOp::SelectArg2: return a2;                                       // A2
        case TextureOp::Modulate: return a1 * a2;                                    // A1 A2
        case TextureOp::Modulate2x: return a1 * a2 * splat(2.0f);                    // 2 A1 A2
        case TextureOp::Modulate4x: return a1 * a2 * splat(4.0f);                    // 4 A1 A2
        case TextureOp::Add: return a1 + a2;                                         // A1 + A2
        case TextureOp::AddSigned: return a1 + a2 - half;                            // A1 + A2 - 0.5
        case TextureOp::AddSigned2x: return (a1 + a2 - half) * splat(2.0f);          // 2 (A1 + A2 - 0.5)
        case TextureOp::Subtract: return a1 - a2;                                    // A1 - A2
        case TextureOp::AddSmooth: return a1 + a2 - a1 * a2;                         // A1 + A2 - A1 A2
        case TextureOp::BlendDiffuseAlpha:                                           // A1 a + A2 (1 - a),
        case TextureOp::BlendTextureAlpha:                                           // a = diffuse, texture,
        case TextureOp::BlendFactorAlpha:                                            // tfactor or previous
        case TextureOp::BlendCurrentAlpha: return a1 * blendAlpha + a2 * (one - blendAlpha);  // current alpha (R-15)
        case TextureOp::BlendTextureAlphaPM: return a1 + a2 * (one - blendAlpha);    // A1 + A2 (1 - texture.a)
        case TextureOp::Premodulate: return a1;                                      // A1 (next stage: CURRENT * TEXTURE)
        case TextureOp::ModulateAlphaAddColor: return a1 + a1Alpha * a2;             // A1 + A1.a A2
        case TextureOp::ModulateColorAddAlpha: return a1 * a2 + a1Alpha;             // A1 A2 + A1.a
        case TextureOp::ModulateInvAlphaAddColor: return a1 + (one - a1Alpha) * a2;  // A1 + (1 - A1.a) A2
        case TextureOp::ModulateInvColorAddAlpha: return (one - a1) * a2 + a1Alpha;  // (1 - A1) A2 + A1.a
        case TextureOp::MultiplyAdd: return a0 + a1 * a2;                            // A0 + A1 A2
        case TextureOp::Lerp: return a0 * a1 + (one - a0) * a2;                      // A0 A1 + (1 - A0) A2
        case TextureOp::Disable:
        case TextureOp::BumpEnvMap:
        case TextureOp::BumpEnvMapLuminance:
        case TextureOp::DotProduct3: break;  // handled by the cascade
    }
    return splat(0.0f);
}

// 4 * ((A1.r - .5)(A2.r - .5) + (A1.g - .5)(A2.g - .5) + (A1.b - .5)(A2.b - .5)), before saturation.
inline F dotProduct3(const Color& a1, const Color& a2) {
    const F half = splat(0.5f);
    const F r = (a1.r - half) * (a2.r - half), g = (a1.g - half) * (a2.g - half), b = (a1.b - half) * (a2.b - half);
    return ((r + g) + b) * splat(4.0f);
}

// The ops that read ARG0.
constexpr bool readsArg0(TextureOp op) { return op == TextureOp::MultiplyAdd || op == TextureOp::Lerp; }

// A colour op on rgb (saturated); alpha is left 0, the alpha op supplies it.
// DOTPRODUCT3 gives its result on all four channels (it overrides the alpha op).
[[gnu::always_inline]] inline Color evaluateColor(const StageOp& s, const StageRegisters& c) {
    const Color a0 = readsArg0(s.op) ? readArg(s.arg0, c) : splatColor(0.0f);
    const Color a1 = readArg(s.arg1, c), a2 = readArg(s.arg2, c);
    if (s.op == TextureOp::DotProduct3) {
        const F d = saturate(dotProduct3(a1, a2));
        return {d, d, d, d};
    }
    const F k = blendAlpha(s.op, c);
    return {saturate(opChannel(s.op, a0.r, a1.r, a2.r, a1.a, k)), saturate(opChannel(s.op, a0.g, a1.g, a2.g, a1.a, k)),
            saturate(opChannel(s.op, a0.b, a1.b, a2.b, a1.a, k)), splat(0.0f)};
}

// An alpha op (saturated); DOTPRODUCT3 reads the rgb of its arguments.
[[gnu::always_inline]] inline F evaluateAlpha(const StageOp& s, const StageRegisters& c) {
    if (s.op == TextureOp::DotProduct3) return saturate(dotProduct3(readArg(s.arg1, c), readArg(s.arg2, c)));
    const F a0 = readsArg0(s.op) ? readArgAlpha(s.arg0, c) : splat(0.0f);
    const F a1 = readArgAlpha(s.arg1, c);
    return saturate(opChannel(s.op, a0, a1, readArgAlpha(s.arg2, c), a1, blendAlpha(s.op, c)));
}

// The stage's colour (rgb from COLOROP) and alpha (from ALPHAOP, pass-through
// when DISABLE, or the DOTPRODUCT3 colour result), reading the previous CURRENT.
[[gnu::always_inline]] inline Color runStage(const StageCascade::Stage& t, const StageRegisters& c) {
    const Color color = evaluateColor(t.color, c);
    if (t.color.op == TextureOp::DotProduct3) return color;  // overrides the alpha op (dp3_alpha_test)
    const F alpha = t.alpha.op == TextureOp::Disable ? registerValue(TextureArg::Current, c).a : evaluateAlpha(t.alpha, c);
    return {color.r, color.g, color.b, alpha};
}

// PREMODULATE on stage s - 1: stage s reads CURRENT as CURRENT * its TEXTURE.
inline Color premodulated(const StageCascade::Stage& t, Color current, const Color& texture) {
    if (t.premodulateColor) current = {current.r * texture.r, current.g * texture.g, current.b * texture.b, current.a};
    if (t.premodulateAlpha) current.a = current.a * texture.a;
    return current;
}

// StageCascade::plain: runStage's formulas (evaluateColor, evaluateAlpha:
// no ARG0, no BLEND*ALPHA source) with the ops and the registers known, so
// the lanes stay in registers; the same bits as the cascade loop.
template <TextureOp ColorOp, TextureOp AlphaOp>
[[gnu::always_inline]] inline Color plainStage(const StageCascade::PlainStage& p, const StageLanes& in) {
    const Color& t = in.texture[0];
    const Color& d = in.diffuse;
    const F zero = splat(0.0f);
    const Color c1 = p.colorArg1Texture ? t : d, c2 = p.colorArg2Texture ? t : d;
    const F a1 = p.alphaArg1Texture ? t.a : d.a, a2 = p.alphaArg2Texture ? t.a : d.a;
    return {saturate(opChannel(ColorOp, zero, c1.r, c2.r, c1.a, zero)),
            saturate(opChannel(ColorOp, zero, c1.g, c2.g, c1.a, zero)),
            saturate(opChannel(ColorOp, zero, c1.b, c2.b, c1.a, zero)), saturate(opChannel(AlphaOp, zero, a1, a2, a1, zero))};
}

template <TextureOp ColorOp>
[[gnu::always_inline]] inline Color plainStageOfAlpha(const StageCascade& cascade, const StageLanes& in) {
    switch (cascade.stages[0].alpha.op) {
        case TextureOp::Modulate: return plainStage<ColorOp, TextureOp::Modulate>(cascade.plain, in);
        case TextureOp::SelectArg1: return plainStage<ColorOp, TextureOp::SelectArg1>(cascade.plain, in);
        default: return plainStage<ColorOp, TextureOp::SelectArg2>(cascade.plain, in);
    }
}

[[gnu::always_inline]] inline Color runPlainStage(const StageCascade& cascade, const StageLanes& in) {
    switch (cascade.stages[0].color.op) {
        case TextureOp::Modulate: return plainStageOfAlpha<TextureOp::Modulate>(cascade, in);
        case TextureOp::SelectArg1: return plainStageOfAlpha<TextureOp::SelectArg1>(cascade, in);
        default: return plainStageOfAlpha<TextureOp::SelectArg2>(cascade, in);
    }
}

// The cascade's output colour (before specular and fog). `Plain`: the
// caller knows that the cascade is plain or has no stage (the diffuse colour
// passes: an untextured draw), so the loop below is not compiled in (it
// takes the inputs' addresses, which keeps a span kernel's lanes in memory).
template <bool Plain = false>
[[gnu::always_inline]] inline Color runStageCascade(const StageCascade& cascade, const StageLanes& in) {
    if (Plain && cascade.count == 0) return in.diffuse;
    if (Plain || cascade.plain.applies) return runPlainStage(cascade, in);
    const Color zero = splatColor(0.0f), tfactor = splatColor(cascade.textureFactor);
    Color current = in.diffuse, temp = zero, constant = zero;
    StageRegisters c{};
    c.reg[size_t(TextureArg::Diffuse)] = &in.diffuse;
    c.reg[size_t(TextureArg::Current)] = &current;
    c.reg[size_t(TextureArg::TFactor)] = &tfactor;
    c.reg[size_t(TextureArg::Specular)] = &in.specular;
    c.reg[size_t(TextureArg::Temp)] = &temp;
    c.reg[size_t(TextureArg::Constant)] = &constant;
    for (int s = 0; s < cascade.count; ++s) {
        const StageCascade::Stage& t = cascade.stages[size_t(s)];
        const Color& texture = t.bound ? in.texture[s] : zero;  // unbound texture reads (0, 0, 0, 0) ([DXVK-FS])
        c.reg[size_t(TextureArg::Texture)] = &texture;
        constant = splatColor(t.constant);
        current = premodulated(t, current, texture);
        if (t.bump) continue;  // reference §4.5: CURRENT, alpha and TEMP pass through
        const Color result = runStage(t, c);
        (t.toTemp ? temp : current) = result;
    }
    return current;
}

}  // namespace refrast::REFRAST_LANES_NS
