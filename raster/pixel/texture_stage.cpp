// SPDX-License-Identifier: MIT
#include "raster/pixel/texture_stage.h"

namespace refrast {

namespace {

// The registers and constants one stage reads (reference §4.1).
struct StageContext {
    Rgba diffuse, specular, current, temp, texture, tfactor, constant;
};

Rgba registerValue(TextureArg source, const StageContext& c) {
    switch (source) {
        case TextureArg::Diffuse: return c.diffuse;
        case TextureArg::Current: return c.current;
        case TextureArg::Texture: return c.texture;
        case TextureArg::TFactor: return c.tfactor;
        case TextureArg::Specular: return c.specular;
        case TextureArg::Temp: return c.temp;
        case TextureArg::Constant: return c.constant;
    }
    return {};
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

// One op with its three arguments, on all four channels (saturated).
struct StageOp {
    TextureOp op;
    TextureArgument arg0, arg1, arg2;
};

Rgba evaluate(const StageOp& s, const StageContext& c) {
    const Rgba a0 = readArg(s.arg0, c), a1 = readArg(s.arg1, c), a2 = readArg(s.arg2, c);
    if (s.op == TextureOp::DotProduct3) {
        const float d = saturate(dotProduct3(a1, a2));
        return {d, d, d, d};
    }
    const float k = blendAlpha(s.op, c);
    return saturate(Rgba{textureOpChannel(s.op, a0.r, a1.r, a2.r, a1.a, k),
                         textureOpChannel(s.op, a0.g, a1.g, a2.g, a1.a, k),
                         textureOpChannel(s.op, a0.b, a1.b, a2.b, a1.a, k),
                         textureOpChannel(s.op, a0.a, a1.a, a2.a, a1.a, k)});
}

// Reference §4.4, Wine's rule: an op reading an unbound TEXTURE becomes SELECTARG1(CURRENT).
StageOp resolveMissingTexture(const StageOp& s, bool bound) {
    if (bound || s.op == TextureOp::Disable || !opReadsTextureArg(s.op, s.arg0, s.arg1, s.arg2)) return s;
    return {TextureOp::SelectArg1, s.arg0, TextureArgument{TextureArg::Current}, s.arg2};
}

// The stage's colour (rgb from COLOROP) and alpha (from ALPHAOP, pass-through
// when DISABLE, or the DOTPRODUCT3 colour result), reading the previous CURRENT.
Rgba runStage(const TextureStageState& t, const StageContext& c, bool bound, MissingTextureRule rule) {
    const bool wine = rule == MissingTextureRule::PassThroughStage;
    StageOp colorOp{t.colorOp, t.colorArg0, t.colorArg1, t.colorArg2};
    StageOp alphaOp{t.alphaOp, t.alphaArg0, t.alphaArg1, t.alphaArg2};
    if (wine) {
        colorOp = resolveMissingTexture(colorOp, bound);
        alphaOp = resolveMissingTexture(alphaOp, bound);
    }
    const Rgba color = evaluate(colorOp, c);
    if (colorOp.op == TextureOp::DotProduct3) return color;  // overrides the alpha op (dp3_alpha_test)
    const float alpha = alphaOp.op == TextureOp::Disable ? c.current.a : evaluate(alphaOp, c).a;
    return {color.r, color.g, color.b, alpha};
}

// PREMODULATE on stage s - 1: stage s reads CURRENT as CURRENT * its TEXTURE.
Rgba premodulated(const TextureStageState& previous, Rgba current, const Rgba& texture) {
    if (previous.colorOp == TextureOp::Premodulate)
        current = {current.r * texture.r, current.g * texture.g, current.b * texture.b, current.a};
    if (previous.alphaOp == TextureOp::Premodulate) current.a *= texture.a;
    return current;
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

float dotProduct3(const Rgba& a1, const Rgba& a2) {
    const float r = (a1.r - 0.5f) * (a2.r - 0.5f), g = (a1.g - 0.5f) * (a2.g - 0.5f),
                b = (a1.b - 0.5f) * (a2.b - 0.5f);
    return ((r + g) + b) * 4.0f;
}

Rgba textureStages(const PixelState& state, const TextureStageInputs& in) {
    const int count = activeStageCount(state, in.boundMask);
    StageContext c{in.diffuse, in.specular, in.diffuse, Rgba{}, Rgba{}, decodeD3DColor(state.textureFactor), Rgba{}};
    const bool premodulate = state.options.premodulate == PremodulateRule::ModulateNextTexture;
    for (int s = 0; s < count; ++s) {
        const TextureStageState& t = state.stages[s];
        const bool bound = (in.boundMask >> s) & 1;
        c.texture = bound ? in.texture[s] : Rgba{};  // unbound texture reads (0, 0, 0, 0) ([DXVK-FS])
        c.constant = decodeD3DColor(t.constant);
        if (premodulate && s > 0) c.current = premodulated(state.stages[s - 1], c.current, c.texture);
        if (isBumpEnvOp(t.colorOp)) continue;  // reference §4.5: CURRENT, alpha and TEMP pass through
        const Rgba result = runStage(t, c, bound, state.options.missingTexture);
        const bool last = s == count - 1;
        const bool toTemp = t.resultArg == TextureArg::Temp &&
                            !(last && state.options.lastStageTemp == LastStageTemp::WriteCurrent);
        (toTemp ? c.temp : c.current) = result;
    }
    return c.current;
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
