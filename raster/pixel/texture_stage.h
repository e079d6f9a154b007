// SPDX-License-Identifier: MIT
// The texture-stage cascade: up to eight stages combine diffuse, specular, the
// sampled textures, TEXTUREFACTOR, CONSTANT and TEMP into the pixel colour.
// Spec: D3DTEXTUREOP, D3DTA, D3DTSS_COLOROP..RESULTARG, CONSTANT; fixed-function
// reference §4.1-§4.4, §11 (missing texture, last-stage TEMP, PREMODULATE); rule R-7.
// Implements: every D3DTOP, COMPLEMENT then ALPHAREPLICATE, ARG0, RESULTARG/TEMP,
// saturation after every op, DOTPRODUCT3 overriding the alpha op, BLEND*ALPHA on
// unmodified sources, PREMODULATE, bump stages passing CURRENT through, unbound
// textures. Does not implement: sampling (the caller passes sampled texels; the
// bump offsets come from bump_env_map.h), pixel shaders.
#pragma once

#include "raster/pixel/rgba.h"
#include "raster/state/pixel_state.h"

#include <array>
#include <cstdint>

namespace refrast {

// Per-pixel inputs of the cascade.
struct TextureStageInputs {
    Rgba diffuse{1.0f, 1.0f, 1.0f, 1.0f};  // interpolated from per-vertex clamped colours
    Rgba specular;                          // interpolated (missingSpecularColor() when absent)
    // Stage s's sampled texel (perturbed by a preceding bump stage and scaled by
    // its luminance). Ignored, and read as (0, 0, 0, 0), where boundMask bit s is 0.
    std::array<Rgba, kMaxTextureStages> texture{};
    uint8_t boundMask = 0;  // bit s: a texture is bound to stage s
};

// D3DTOP_BUMPENVMAP or BUMPENVMAPLUMINANCE.
constexpr bool isBumpEnvOp(TextureOp op) {
    return op == TextureOp::BumpEnvMap || op == TextureOp::BumpEnvMapLuminance;
}

// [WINE-UTIL] is_invalid_op: the op reads TEXTURE through ARG1 (unless
// SELECTARG2), ARG2 (unless SELECTARG1) or ARG0 (MULTIPLYADD, LERP).
bool opReadsTextureArg(TextureOp op, const TextureArgument& arg0, const TextureArgument& arg1,
                       const TextureArgument& arg2);

// The number of stages that run: the cascade stops at the first COLOROP =
// DISABLE, and with MissingTextureRule::DisableRest also at the first stage whose
// colour op reads an unbound texture. The caller samples these stages only.
int activeStageCount(const PixelState& state, uint8_t boundMask);

// One op on one channel, before saturation; a1Alpha is ARG1's alpha, blendAlpha
// the unmodified source alpha of the BLEND*ALPHA ops. DISABLE, DOTPRODUCT3 and
// the bump ops are handled by the cascade, not here.
float textureOpChannel(TextureOp op, float a0, float a1, float a2, float a1Alpha, float blendAlpha);

// 4 * ((A1.r - .5)(A2.r - .5) + (A1.g - .5)(A2.g - .5) + (A1.b - .5)(A2.b - .5)), before saturation.
float dotProduct3(const Rgba& a1, const Rgba& a2);

// One op with its three arguments.
struct StageOp {
    TextureOp op;
    TextureArgument arg0, arg1, arg2;
};

// A draw's cascade with every per-draw decision taken once: the stages that
// run, their ops after the missing-texture rule, where each result goes, the
// PREMODULATE of the previous stage, and the decoded colour constants.
struct StageCascade {
    struct Stage {
        StageOp color, alpha;
        Rgba constant;                  // D3DTSS_CONSTANT
        bool bound = false;             // a texture is bound (else TEXTURE reads 0)
        bool bump = false;              // BUMPENVMAP(LUMINANCE): CURRENT, alpha and TEMP pass through
        bool toTemp = false;            // RESULTARG TEMP (and not forced to CURRENT on the last stage)
        bool premodulateColor = false;  // stage s - 1 is PREMODULATE on colour
        bool premodulateAlpha = false;  // stage s - 1 is PREMODULATE on alpha
    };
    int count = 0;
    Rgba textureFactor;
    std::array<Stage, kMaxTextureStages> stages{};
    // The cascade is stage 0 alone with a texture, its colour and alpha ops
    // each MODULATE, SELECTARG1 or SELECTARG2 of TEXTURE and DIFFUSE (or
    // CURRENT, which is DIFFUSE at stage 0) without modifiers, into CURRENT:
    // stage 0 of most old games (D3D's default is MODULATE(TEXTURE, CURRENT)
    // and SELECTARG1(TEXTURE)). The kernels then run the same formulas with
    // the ops and registers known (texture_stage.inl runPlainStage).
    struct PlainStage {
        bool applies = false;
        bool colorArg1Texture = false, colorArg2Texture = false;  // else DIFFUSE
        bool alphaArg1Texture = false, alphaArg2Texture = false;
    } plain;
};
StageCascade makeStageCascade(const PixelState& state, uint8_t boundMask);

// The cascade's output colour (before specular and fog).
Rgba runStageCascade(const StageCascade& cascade, const TextureStageInputs& in);

// The same for a state whose cascade is not prepared: runStageCascade(makeStageCascade(state, in.boundMask), in).
Rgba textureStages(const PixelState& state, const TextureStageInputs& in);

// The specular colour of vertices without one (FixedFunctionOptions::missingSpecular).
Rgba missingSpecularColor(MissingSpecular rule);

}  // namespace refrast
