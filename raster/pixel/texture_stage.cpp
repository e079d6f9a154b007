// SPDX-License-Identifier: MIT
#include "raster/pixel/texture_stage.h"

namespace refrast {

namespace {

// The registers and constants one stage reads (reference §4.1).
struct StageContext {
    Rgba diffuse, specular, current, temp, texture, tfactor, constant;
};

constexpr Rgba kNoRegister{};

[[gnu::always_inline]] inline const Rgba& registerValue(TextureArg source, const StageContext& c) {
    switch (source) {
        case TextureArg::Diffuse: return c.diffuse;
        case TextureArg::Current: return c.current;
        case TextureArg::Texture: return c.texture;
        case TextureArg::TFactor: return c.tfactor;
        case TextureArg::Specular: return c.specular;
        case TextureArg::Temp: return c.temp;
        case TextureArg::Constant: return c.constant;
    }
    return kNoRegister;
}

// Reference §4.1: COMPLEMENT (1 - x) first, then ALPHAREPLICATE (x.aaaa).
Rgba readArg(const TextureArgument& arg, const StageContext& c) {
    Rgba x = registerValue(arg.source, c);
    if (arg.complement) x = {1.0f - x.r, 1.0f - x.g, 1.0f - x.b, 1.0f - x.a};
    if (arg.alphaReplicate) x = {x.a, x.a, x.a, x.a};
    return x;
}

// Reference §4.3: the BLEND*ALPHA ops read the alpha of the unmodified source.
float blendAlpha(TextureOp op, const StageContext& c) {
    switch (op) {
        case TextureOp::BlendDiffuseAlpha: return c.diffuse.a;
        case TextureOp::BlendTextureAlpha:
        case TextureOp::BlendTextureAlphaPM: return c.texture.a;
        case TextureOp::BlendFactorAlpha: return c.tfactor.a;
        case TextureOp::BlendCurrentAlpha: return c.current.a;  // the previous stage's alpha
        default: return 0.0f;
    }
}

[[gnu::always_inline]] inline float opChannel(TextureOp op, float a0, float a1, float a2, float a1Alpha,
                                              float blendAlpha) {
    switch (op) {
        case TextureOp::SelectArg1: return a1;                                       // A1
        case TextureOp::SelectArg2: return a2;                                       // A2
        case TextureOp::Modulate: return a1 * a2;                                    // A1 A2
        case TextureOp::Modulate2x: return a1 * a2 * 2.0f;                           // 2 A1 A2
        case TextureOp::Modulate4x: return a1 * a2 * 4.0f;                           // 4 A1 A2
        case TextureOp::Add: return a1 + a2;                                         // A1 + A2
        case TextureOp::AddSigned: return a1 + a2 - 0.5f;                            // A1 + A2 - 0.5
        case TextureOp::AddSigned2x: return (a1 + a2 - 0.5f) * 2.0f;                 // 2 (A1 + A2 - 0.5)
        case TextureOp::Subtract: return a1 - a2;                                    // A1 - A2
        case TextureOp::AddSmooth: return a1 + a2 - a1 * a2;                         // A1 + A2 - A1 A2
        case TextureOp::BlendDiffuseAlpha:                                           // A1 a + A2 (1 - a),
        case TextureOp::BlendTextureAlpha:                                           // a = diffuse, texture,
        case TextureOp::BlendFactorAlpha:                                            // tfactor or previous
        case TextureOp::BlendCurrentAlpha: return a1 * blendAlpha + a2 * (1.0f - blendAlpha);  // current alpha
        case TextureOp::BlendTextureAlphaPM: return a1 + a2 * (1.0f - blendAlpha);   // A1 + A2 (1 - texture.a)
        case TextureOp::Premodulate: return a1;                                      // A1 (next stage: CURRENT * TEXTURE)
        case TextureOp::ModulateAlphaAddColor: return a1 + a1Alpha * a2;             // A1 + A1.a A2
        case TextureOp::ModulateColorAddAlpha: return a1 * a2 + a1Alpha;             // A1 A2 + A1.a
        case TextureOp::ModulateInvAlphaAddColor: return a1 + (1.0f - a1Alpha) * a2;  // A1 + (1 - A1.a) A2
        case TextureOp::ModulateInvColorAddAlpha: return (1.0f - a1) * a2 + a1Alpha;  // (1 - A1) A2 + A1.a
        case TextureOp::MultiplyAdd: return a0 + a1 * a2;                            // A0 + A1 A2
        case TextureOp::Lerp: return a0 * a1 + (1.0f - a0) * a2;                     // A0 A1 + (1 - A0) A2
        case TextureOp::Disable:
        case TextureOp::BumpEnvMap:
        case TextureOp::BumpEnvMapLuminance:
        case TextureOp::DotProduct3: break;  // handled by the cascade
    }
    return 0.0f;
}

// The ops that read ARG0.
bool readsArg0(TextureOp op) { return op == TextureOp::MultiplyAdd || op == TextureOp::Lerp; }

// A colour op on rgb (saturated); alpha is left 0, the alpha op supplies it.
// DOTPRODUCT3 gives its result on all four channels (it overrides the alpha op).
Rgba evaluateColor(const StageOp& s, const StageContext& c) {
    const Rgba a0 = readsArg0(s.op) ? readArg(s.arg0, c) : Rgba{};
    const Rgba a1 = readArg(s.arg1, c), a2 = readArg(s.arg2, c);
    if (s.op == TextureOp::DotProduct3) {
        const float d = saturate(dotProduct3(a1, a2));
        return {d, d, d, d};
    }
    const float k = blendAlpha(s.op, c);
    return {saturate(opChannel(s.op, a0.r, a1.r, a2.r, a1.a, k)),
            saturate(opChannel(s.op, a0.g, a1.g, a2.g, a1.a, k)),
            saturate(opChannel(s.op, a0.b, a1.b, a2.b, a1.a, k)), 0.0f};
}

// An argument's alpha alone: COMPLEMENT then ALPHAREPLICATE leave 1 - x.a or x.a.
float readArgAlpha(const TextureArgument& arg, const StageContext& c) {
    const float a = registerValue(arg.source, c).a;
    return arg.complement ? 1.0f - a : a;
}

// An alpha op (saturated); DOTPRODUCT3 reads the rgb of its arguments.
float evaluateAlpha(const StageOp& s, const StageContext& c) {
    if (s.op == TextureOp::DotProduct3) return saturate(dotProduct3(readArg(s.arg1, c), readArg(s.arg2, c)));
    const float a0 = readsArg0(s.op) ? readArgAlpha(s.arg0, c) : 0.0f;
    const float a1 = readArgAlpha(s.arg1, c);
    return saturate(opChannel(s.op, a0, a1, readArgAlpha(s.arg2, c), a1, blendAlpha(s.op, c)));
}

// Reference §4.4, Wine's rule: an op reading an unbound TEXTURE becomes SELECTARG1(CURRENT).
StageOp resolveMissingTexture(const StageOp& s, bool bound) {
    if (bound || s.op == TextureOp::Disable || !opReadsTextureArg(s.op, s.arg0, s.arg1, s.arg2)) return s;
    return {TextureOp::SelectArg1, s.arg0, TextureArgument{TextureArg::Current}, s.arg2};
}

// The stage's colour (rgb from COLOROP) and alpha (from ALPHAOP, pass-through
// when DISABLE, or the DOTPRODUCT3 colour result), reading the previous CURRENT.
Rgba runStage(const StageCascade::Stage& t, const StageContext& c) {
    const Rgba color = evaluateColor(t.color, c);
    if (t.color.op == TextureOp::DotProduct3) return color;  // overrides the alpha op (dp3_alpha_test)
    const float alpha = t.alpha.op == TextureOp::Disable ? c.current.a : evaluateAlpha(t.alpha, c);
    return {color.r, color.g, color.b, alpha};
}

// PREMODULATE on stage s - 1: stage s reads CURRENT as CURRENT * its TEXTURE.
Rgba premodulated(const StageCascade::Stage& t, Rgba current, const Rgba& texture) {
    if (t.premodulateColor) current = {current.r * texture.r, current.g * texture.g, current.b * texture.b, current.a};
    if (t.premodulateAlpha) current.a *= texture.a;
    return current;
}

StageCascade::Stage prepareStage(const PixelState& state, int s, bool bound, bool last) {
    const TextureStageState& t = state.stages[size_t(s)];
    StageCascade::Stage out;
    out.color = {t.colorOp, t.colorArg0, t.colorArg1, t.colorArg2};
    out.alpha = {t.alphaOp, t.alphaArg0, t.alphaArg1, t.alphaArg2};
    if (state.options.missingTexture == MissingTextureRule::PassThroughStage) {
        out.color = resolveMissingTexture(out.color, bound);
        out.alpha = resolveMissingTexture(out.alpha, bound);
    }
    out.constant = decodeD3DColor(t.constant);
    out.bound = bound;
    out.bump = isBumpEnvOp(t.colorOp);
    const bool forcedCurrent = last && state.options.lastStageTemp == LastStageTemp::WriteCurrent;
    out.toTemp = t.resultArg == TextureArg::Temp && !forcedCurrent;
    if (s > 0 && state.options.premodulate == PremodulateRule::ModulateNextTexture) {
        out.premodulateColor = state.stages[size_t(s - 1)].colorOp == TextureOp::Premodulate;
        out.premodulateAlpha = state.stages[size_t(s - 1)].alphaOp == TextureOp::Premodulate;
    }
    return out;
}

}  // namespace

bool opReadsTextureArg(TextureOp op, const TextureArgument& arg0, const TextureArgument& arg1,
                       const TextureArgument& arg2) {
    if (op == TextureOp::Disable) return false;
    if (arg1.source == TextureArg::Texture && op != TextureOp::SelectArg2) return true;
    if (arg2.source == TextureArg::Texture && op != TextureOp::SelectArg1) return true;
    return arg0.source == TextureArg::Texture && (op == TextureOp::MultiplyAdd || op == TextureOp::Lerp);
}

int activeStageCount(const PixelState& state, uint8_t boundMask) {
    const bool dxvk = state.options.missingTexture == MissingTextureRule::DisableRest;
    for (int s = 0; s < kMaxTextureStages; ++s) {
        const TextureStageState& t = state.stages[s];
        if (t.colorOp == TextureOp::Disable) return s;
        const bool bound = (boundMask >> s) & 1;
        if (dxvk && !bound && opReadsTextureArg(t.colorOp, t.colorArg0, t.colorArg1, t.colorArg2)) return s;
    }
    return kMaxTextureStages;
}

float textureOpChannel(TextureOp op, float a0, float a1, float a2, float a1Alpha, float blendAlpha) {
    return opChannel(op, a0, a1, a2, a1Alpha, blendAlpha);
}

float dotProduct3(const Rgba& a1, const Rgba& a2) {
    const float r = (a1.r - 0.5f) * (a2.r - 0.5f), g = (a1.g - 0.5f) * (a2.g - 0.5f),
                b = (a1.b - 0.5f) * (a2.b - 0.5f);
    return ((r + g) + b) * 4.0f;
}

StageCascade makeStageCascade(const PixelState& state, uint8_t boundMask) {
    StageCascade cascade;
    cascade.count = activeStageCount(state, boundMask);
    cascade.textureFactor = decodeD3DColor(state.textureFactor);
    for (int s = 0; s < cascade.count; ++s)
        cascade.stages[size_t(s)] = prepareStage(state, s, (boundMask >> s) & 1, s == cascade.count - 1);
    return cascade;
}

Rgba runStageCascade(const StageCascade& cascade, const TextureStageInputs& in) {
    StageContext c{in.diffuse, in.specular, in.diffuse, Rgba{}, Rgba{}, cascade.textureFactor, Rgba{}};
    for (int s = 0; s < cascade.count; ++s) {
        const StageCascade::Stage& t = cascade.stages[size_t(s)];
        c.texture = t.bound ? in.texture[size_t(s)] : Rgba{};  // unbound texture reads (0, 0, 0, 0) ([DXVK-FS])
        c.constant = t.constant;
        c.current = premodulated(t, c.current, c.texture);
        if (t.bump) continue;  // reference §4.5: CURRENT, alpha and TEMP pass through
        (t.toTemp ? c.temp : c.current) = runStage(t, c);
    }
    return c.current;
}

Rgba textureStages(const PixelState& state, const TextureStageInputs& in) {
    return runStageCascade(makeStageCascade(state, in.boundMask), in);
}

Rgba missingSpecularColor(MissingSpecular rule) {
    switch (rule) {
        case MissingSpecular::ZeroRgbAlphaOne: return {0.0f, 0.0f, 0.0f, 1.0f};
        case MissingSpecular::Zero: return {0.0f, 0.0f, 0.0f, 0.0f};
        case MissingSpecular::White: return {1.0f, 1.0f, 1.0f, 1.0f};
    }
    return {};
}

}  // namespace refrast
