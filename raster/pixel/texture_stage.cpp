// SPDX-License-Identifier: MIT
#include "raster/pixel/texture_stage.h"

#include "raster/pixel/texture_stage.inl"  // the cascade over lanes, here at width 1

namespace refrast {

namespace {

// Reference §4.4, Wine's rule: an op reading an unbound TEXTURE becomes SELECTARG1(CURRENT).
StageOp resolveMissingTexture(const StageOp& s, bool bound) {
    if (bound || s.op == TextureOp::Disable || !opReadsTextureArg(s.op, s.arg0, s.arg1, s.arg2)) return s;
    return {TextureOp::SelectArg1, s.arg0, TextureArgument{TextureArg::Current}, s.arg2};
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

// TEXTURE (1) or DIFFUSE (0, CURRENT at stage 0 too) read plainly, or -1.
int plainRegister(const TextureArgument& a) {
    if (a.complement || a.alphaReplicate) return -1;
    if (a.source == TextureArg::Texture) return 1;
    return a.source == TextureArg::Diffuse || a.source == TextureArg::Current ? 0 : -1;
}

// StageCascade::plain: whether the cascade is that one stage, and its registers.
StageCascade::PlainStage findPlainStage(const StageCascade& c) {
    StageCascade::PlainStage p;
    const StageCascade::Stage& t = c.stages[0];
    if (c.count != 1 || t.bump || t.toTemp || t.premodulateColor || t.premodulateAlpha) return p;
    const auto plainOp = [](TextureOp op) {
        return op == TextureOp::Modulate || op == TextureOp::SelectArg1 || op == TextureOp::SelectArg2;
    };
    if (!plainOp(t.color.op) || !plainOp(t.alpha.op)) return p;
    // The arguments the op reads must be plain (SELECTARG1 does not read ARG2, nor SELECTARG2 ARG1).
    const auto reg = [](TextureOp op, const TextureArgument& a, bool second) {
        return op == (second ? TextureOp::SelectArg1 : TextureOp::SelectArg2) ? 0 : plainRegister(a);
    };
    const int c1 = reg(t.color.op, t.color.arg1, false), c2 = reg(t.color.op, t.color.arg2, true);
    const int a1 = reg(t.alpha.op, t.alpha.arg1, false), a2 = reg(t.alpha.op, t.alpha.arg2, true);
    if (c1 < 0 || c2 < 0 || a1 < 0 || a2 < 0) return p;
    // Without a texture the loop reads TEXTURE as (0, 0, 0, 0) and the plain
    // path would read the texel planes: plain only when no op reads it (the
    // missing-texture rule has made a texture-reading op SELECTARG1(CURRENT):
    // an untextured draw's default stage 0).
    if (!t.bound && (c1 == 1 || c2 == 1 || a1 == 1 || a2 == 1)) return p;
    p.applies = true;
    p.colorArg1Texture = c1 == 1, p.colorArg2Texture = c2 == 1;
    p.alphaArg1Texture = a1 == 1, p.alphaArg2Texture = a2 == 1;
    return p;
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
    return lanes_scalar::opChannel(op, a0, a1, a2, a1Alpha, blendAlpha);
}

float dotProduct3(const Rgba& a1, const Rgba& a2) {
    return lanes_scalar::dotProduct3(lanes_scalar::splatColor(a1), lanes_scalar::splatColor(a2));
}

StageCascade makeStageCascade(const PixelState& state, uint8_t boundMask) {
    StageCascade cascade;
    cascade.count = activeStageCount(state, boundMask);
    cascade.textureFactor = decodeD3DColor(state.textureFactor);
    for (int s = 0; s < cascade.count; ++s)
        cascade.stages[size_t(s)] = prepareStage(state, s, (boundMask >> s) & 1, s == cascade.count - 1);
    cascade.plain = findPlainStage(cascade);
    return cascade;
}

Rgba runStageCascade(const StageCascade& cascade, const TextureStageInputs& in) {
    lanes_scalar::StageLanes lanes{lanes_scalar::splatColor(in.diffuse), lanes_scalar::splatColor(in.specular), {}};
    for (int s = 0; s < cascade.count; ++s) lanes.texture[s] = lanes_scalar::splatColor(in.texture[size_t(s)]);
    return lanes_scalar::toRgba(lanes_scalar::runStageCascade(cascade, lanes));
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
