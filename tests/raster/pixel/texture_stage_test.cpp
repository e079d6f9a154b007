// SPDX-License-Identifier: MIT
// Texture-stage cascade: every D3DTOP, the argument registers and modifiers,
// RESULTARG/TEMP, saturation, missing textures (docs/fixed-function.md §5, R-7).
#include "raster/output/color_write.h"
#include "raster/pixel/texture_stage.h"

#include "tests/raster/output/rgba_string.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {

// Inputs shared by the op table: texture T = (201, 99, 47, 151)/255, diffuse
// D = (0.37, 0.61, 0.93, 0.17) (an interpolated, non-byte colour, so no result
// lands on a rounding tie), TFACTOR F = 0xD23C78B4 = (60, 120, 180, 210)/255.
constexpr uint32_t kTFactor = 0xD23C78B4;
const Rgba kTexel = decodeRgba8({201, 99, 47, 151});
const Rgba kDiffuse{0.37f, 0.61f, 0.93f, 0.17f};

TextureStageInputs inputs() {
    TextureStageInputs in;
    in.diffuse = kDiffuse;
    in.specular = {0.9f, 0.3f, 0.2f, 0.5f};
    in.texture.fill(kTexel);
    in.boundMask = 0xFF;
    return in;
}

TextureArgument arg(TextureArg source, bool complement = false, bool alphaReplicate = false) {
    return {source, complement, alphaReplicate};
}

// Stage 0 runs `op` as COLOROP and ALPHAOP with ARG0 = TFACTOR, ARG1 = TEXTURE, ARG2 = DIFFUSE.
Rgba8 runOp(TextureOp op) {
    PixelState s;
    s.textureFactor = kTFactor;
    TextureStageState& t = s.stages[0];
    t.colorOp = t.alphaOp = op;
    t.colorArg0 = t.alphaArg0 = arg(TextureArg::TFactor);
    t.colorArg1 = t.alphaArg1 = arg(TextureArg::Texture);
    t.colorArg2 = t.alphaArg2 = arg(TextureArg::Diffuse);
    return encodeRgba8(textureStages(s, inputs()));
}

// A stage selecting one argument for colour and alpha.
void selectArg1(TextureStageState& t, TextureArgument a) {
    t.colorOp = t.alphaOp = TextureOp::SelectArg1;
    t.colorArg1 = t.alphaArg1 = a;
}

}  // namespace

TEST_CASE("pixel/texture_stage: every D3DTOP on (T, D, F), 8-bit results (R-7, R-3)") {
    // Per channel r, g, b, a: the exact value x255, then the encoded byte.
    // A1 A2: 201*.37=74.37, 99*.61=60.39, 47*.93=43.71, 151*.17=25.67
    CHECK(runOp(TextureOp::Modulate) == Rgba8{74, 60, 44, 26});
    CHECK(runOp(TextureOp::SelectArg1) == Rgba8{201, 99, 47, 151});
    // D x255: 94.35, 155.55, 237.15, 43.35
    CHECK(runOp(TextureOp::SelectArg2) == Rgba8{94, 156, 237, 43});
    // 2 A1 A2: 148.74, 120.78, 87.42, 51.34
    CHECK(runOp(TextureOp::Modulate2x) == Rgba8{149, 121, 87, 51});
    // 4 A1 A2: 297.48 -> sat 255, 241.56, 174.84, 102.68
    CHECK(runOp(TextureOp::Modulate4x) == Rgba8{255, 242, 175, 103});
    // A1 + A2: 295.35 -> 255, 254.55, 284.15 -> 255, 194.35
    CHECK(runOp(TextureOp::Add) == Rgba8{255, 255, 255, 194});
    // A1 + A2 - 127.5: 167.85, 127.05, 156.65, 66.85
    CHECK(runOp(TextureOp::AddSigned) == Rgba8{168, 127, 157, 67});
    // 2 (A1 + A2 - 127.5): 335.7 -> 255, 254.1, 313.3 -> 255, 133.7
    CHECK(runOp(TextureOp::AddSigned2x) == Rgba8{255, 254, 255, 134});
    // A1 - A2: 106.65, -56.55 -> 0, -190.15 -> 0, 107.65
    CHECK(runOp(TextureOp::Subtract) == Rgba8{107, 0, 0, 108});
    // A1 + A2 - A1 A2: 295.35 - 74.37 = 220.98, 194.16, 240.44, 168.68
    CHECK(runOp(TextureOp::AddSmooth) == Rgba8{221, 194, 240, 169});
    // A1 a + A2 (1 - a), a = D.a = .17: 201*.17 + 94.35*.83 = 112.48, 145.94, 204.82, 61.65
    CHECK(runOp(TextureOp::BlendDiffuseAlpha) == Rgba8{112, 146, 205, 62});
    // a = T.a = 151/255: 201*.5922 + 94.35*.4078 = 157.50 (157.5035), 122.06, 124.55, 107.10
    CHECK(runOp(TextureOp::BlendTextureAlpha) == Rgba8{158, 122, 125, 107});
    // a = F.a = 210/255: 182.18, 108.98, 80.56, 132.00
    CHECK(runOp(TextureOp::BlendFactorAlpha) == Rgba8{182, 109, 81, 132});
    // Stage 0: previous CURRENT = diffuse, so exactly BLENDDIFFUSEALPHA (texop_test).
    CHECK(runOp(TextureOp::BlendCurrentAlpha) == Rgba8{112, 146, 205, 62});
    // A1 + A2 (1 - T.a): 201 + 94.35*.4078 = 239.48, 162.44, 143.72, 168.68
    CHECK(runOp(TextureOp::BlendTextureAlphaPM) == Rgba8{239, 162, 144, 169});
    // A1 + A1.a A2: 201 + .5922*94.35 = 256.87 -> 255, 191.11, 187.43, 176.67
    CHECK(runOp(TextureOp::ModulateAlphaAddColor) == Rgba8{255, 191, 187, 177});
    // A1 A2 + A1.a: 74.37 + 151 = 225.37, 211.39, 194.71, 176.67
    CHECK(runOp(TextureOp::ModulateColorAddAlpha) == Rgba8{225, 211, 195, 177});
    // A1 + (1 - A1.a) A2: equal to BLENDTEXTUREALPHAPM here (A1 is the texture)
    CHECK(runOp(TextureOp::ModulateInvAlphaAddColor) == Rgba8{239, 162, 144, 169});
    // (1 - A1) A2 + A1.a: 54/255*94.35 + 151 = 170.98, 246.16, 344.44 -> 255, 168.68
    CHECK(runOp(TextureOp::ModulateInvColorAddAlpha) == Rgba8{171, 246, 255, 169});
    // A0 + A1 A2: 60 + 74.37 = 134.37, 180.39, 223.71, 235.67
    CHECK(runOp(TextureOp::MultiplyAdd) == Rgba8{134, 180, 224, 236});
    // A0 A1 + (1 - A0) A2: 60/255*201 + 195/255*94.35 = 47.29 + 72.15 = 119.44, 128.94, 102.93, 132.00
    CHECK(runOp(TextureOp::Lerp) == Rgba8{119, 129, 103, 132});
    // Alone, PREMODULATE outputs A1.
    CHECK(runOp(TextureOp::Premodulate) == Rgba8{201, 99, 47, 151});
}

TEST_CASE("pixel/texture_stage: DOTPRODUCT3 is replicated to rgb and overrides the alpha op") {
    PixelState s;
    TextureStageState& t = s.stages[0];
    t.colorOp = TextureOp::DotProduct3;
    t.colorArg1 = arg(TextureArg::Texture);
    t.colorArg2 = arg(TextureArg::Specular);
    t.alphaOp = TextureOp::SelectArg1;  // ignored (dp3_alpha_test)
    // 4 [(.78824-.5)(.9-.5) + (.38824-.5)(.3-.5) + (.18431-.5)(.2-.5)]
    //   = 4 (.115294 + .022353 + .094706) = .929412 -> 237.0
    CHECK(encodeRgba8(textureStages(s, inputs())) == Rgba8{237, 237, 237, 237});
    CHECK(dotProduct3({1.0f, 0.5f, 0.5f, 0.0f}, {1.0f, 0.5f, 0.5f, 0.0f}) == 1.0f);  // 4 * .25
}

TEST_CASE("pixel/texture_stage: each argument register, read through SELECTARG1") {
    PixelState s;
    s.textureFactor = kTFactor;
    s.stages[0].constant = 0x80402010;
    TextureStageInputs in = inputs();
    in.specular = decodeRgba8({230, 77, 51, 128});
    auto select = [&](TextureArgument a) {
        selectArg1(s.stages[0], a);
        return encodeRgba8(textureStages(s, in));
    };
    CHECK(select(arg(TextureArg::Diffuse)) == Rgba8{94, 156, 237, 43});
    CHECK(select(arg(TextureArg::Current)) == Rgba8{94, 156, 237, 43});  // stage 0: CURRENT = DIFFUSE
    CHECK(select(arg(TextureArg::Texture)) == Rgba8{201, 99, 47, 151});
    CHECK(select(arg(TextureArg::TFactor)) == Rgba8{60, 120, 180, 210});
    CHECK(select(arg(TextureArg::Specular)) == Rgba8{230, 77, 51, 128});
    CHECK(select(arg(TextureArg::Temp)) == Rgba8{0, 0, 0, 0});            // initial TEMP
    CHECK(select(arg(TextureArg::Constant)) == Rgba8{0x40, 0x20, 0x10, 0x80});
}

TEST_CASE("pixel/texture_stage: COMPLEMENT, ALPHAREPLICATE and both") {
    PixelState s;
    const TextureStageInputs in = inputs();
    selectArg1(s.stages[0], arg(TextureArg::Texture, true, false));
    CHECK(encodeRgba8(textureStages(s, in)) == Rgba8{54, 156, 208, 104});  // 255 - (201, 99, 47, 151)
    selectArg1(s.stages[0], arg(TextureArg::Texture, false, true));
    CHECK(encodeRgba8(textureStages(s, in)) == Rgba8{151, 151, 151, 151});  // T.aaaa
    selectArg1(s.stages[0], arg(TextureArg::Texture, true, true));
    CHECK(encodeRgba8(textureStages(s, in)) == Rgba8{104, 104, 104, 104});  // (1 - T).aaaa
}

TEST_CASE("pixel/texture_stage: BLEND*ALPHA reads the unmodified source alpha") {
    PixelState s;
    TextureStageState& t = s.stages[0];
    t.colorOp = t.alphaOp = TextureOp::BlendTextureAlpha;
    t.colorArg1 = t.alphaArg1 = arg(TextureArg::Texture, true);  // 1 - T
    t.colorArg2 = t.alphaArg2 = arg(TextureArg::Diffuse);
    // factor T.a = 151/255 (not 1 - T.a): 54*.5922 + 94.35*.4078 = 70.46, 155.82, 219.89, 79.26
    CHECK(encodeRgba8(textureStages(s, inputs())) == Rgba8{70, 156, 220, 79});
}

TEST_CASE("pixel/texture_stage: BLENDCURRENTALPHA uses the previous stage's alpha") {
    PixelState s;
    s.textureFactor = kTFactor;
    selectArg1(s.stages[0], arg(TextureArg::Texture));  // CURRENT.a = 151/255
    TextureStageState& t = s.stages[1];
    t.colorOp = TextureOp::BlendCurrentAlpha;
    t.colorArg1 = arg(TextureArg::TFactor);
    t.colorArg2 = arg(TextureArg::Diffuse);
    t.alphaOp = TextureOp::SelectArg1;
    t.alphaArg1 = arg(TextureArg::Diffuse);  // this stage's alpha (.17) must not be the factor
    // F T.a + D (1 - T.a): 60*.5922 + 94.35*.4078 = 74.01, 134.50, 203.31; alpha D.a 43.35
    CHECK(encodeRgba8(textureStages(s, inputs())) == Rgba8{74, 134, 203, 43});
}

TEST_CASE("pixel/texture_stage: every op result is saturated before the next stage (texop_range_test)") {
    PixelState s;
    s.textureFactor = 0xFFFFFFFF;
    TextureStageState& t0 = s.stages[0];
    t0.colorOp = t0.alphaOp = TextureOp::Add;  // 1 + 1 -> 1
    t0.colorArg1 = t0.colorArg2 = t0.alphaArg1 = t0.alphaArg2 = arg(TextureArg::TFactor);
    TextureStageState& t1 = s.stages[1];
    t1.colorOp = t1.alphaOp = TextureOp::Subtract;  // 1 - 128/255 = 127/255, not 2 - 128/255 -> 255
    t1.colorArg1 = t1.alphaArg1 = arg(TextureArg::Current);
    t1.colorArg2 = t1.alphaArg2 = arg(TextureArg::Constant);
    t1.constant = 0x80808080;
    CHECK(encodeRgba8(textureStages(s, inputs())) == Rgba8{127, 127, 127, 127});
}

TEST_CASE("pixel/texture_stage: defaults, DISABLE, ALPHAOP DISABLE pass-through") {
    PixelState s;
    TextureStageInputs in = inputs();
    in.boundMask = 0;  // default stage 0 MODULATE TEXTURE with no texture: the diffuse colour
    CHECK(encodeRgba8(textureStages(s, in)) == Rgba8{94, 156, 237, 43});
    s.stages[0].colorOp = TextureOp::Disable;  // stage 0 DISABLE: diffuse colour and alpha
    CHECK(encodeRgba8(textureStages(s, inputs())) == Rgba8{94, 156, 237, 43});
    PixelState p;
    selectArg1(p.stages[0], arg(TextureArg::Texture));
    p.stages[1].colorOp = TextureOp::SelectArg1;
    p.stages[1].colorArg1 = arg(TextureArg::Diffuse);
    p.stages[1].alphaOp = TextureOp::Disable;  // alpha passes through from stage 0 (151)
    CHECK(encodeRgba8(textureStages(p, inputs())) == Rgba8{94, 156, 237, 151});
}

TEST_CASE("pixel/texture_stage: RESULTARG TEMP keeps CURRENT and feeds a later stage") {
    PixelState s;
    selectArg1(s.stages[0], arg(TextureArg::Texture));
    s.stages[0].resultArg = TextureArg::Temp;
    TextureStageState& t1 = s.stages[1];
    t1.colorOp = t1.alphaOp = TextureOp::Modulate;
    t1.colorArg1 = t1.alphaArg1 = arg(TextureArg::Current);  // still the diffuse
    t1.colorArg2 = t1.alphaArg2 = arg(TextureArg::Temp);     // the texture
    CHECK(encodeRgba8(textureStages(s, inputs())) == Rgba8{74, 60, 44, 26});  // = MODULATE row
}

TEST_CASE("pixel/texture_stage: last stage writing TEMP, both rules (§11)") {
    PixelState s;
    selectArg1(s.stages[0], arg(TextureArg::Texture));
    s.stages[0].resultArg = TextureArg::Temp;
    CHECK(encodeRgba8(textureStages(s, inputs())) == Rgba8{94, 156, 237, 43});  // Wine: unchanged CURRENT
    s.options.lastStageTemp = LastStageTemp::WriteCurrent;
    CHECK(encodeRgba8(textureStages(s, inputs())) == Rgba8{201, 99, 47, 151});  // DXVK: forced to CURRENT
}

TEST_CASE("pixel/texture_stage: missing texture, Wine pass-through vs DXVK disable-rest (§11)") {
    PixelState s;  // stage 0: default MODULATE(TEXTURE, CURRENT), SELECTARG1(TEXTURE); no texture bound
    selectArg1(s.stages[1], arg(TextureArg::TFactor));
    s.textureFactor = kTFactor;
    TextureStageInputs in = inputs();
    in.boundMask = 0;
    CHECK(activeStageCount(s, 0) == 2);
    CHECK(encodeRgba8(textureStages(s, in)) == Rgba8{60, 120, 180, 210});  // stage 1 still runs
    s.options.missingTexture = MissingTextureRule::DisableRest;
    CHECK(activeStageCount(s, 0) == 0);
    CHECK(encodeRgba8(textureStages(s, in)) == Rgba8{94, 156, 237, 43});  // the cascade stops: diffuse
}

TEST_CASE("pixel/texture_stage: an implicit read of an unbound texture is (0, 0, 0, 0)") {
    PixelState s;
    TextureStageState& t = s.stages[0];
    t.colorOp = t.alphaOp = TextureOp::BlendTextureAlpha;  // no TEXTURE argument: not replaced
    t.colorArg1 = t.alphaArg1 = arg(TextureArg::TFactor);
    t.colorArg2 = t.alphaArg2 = arg(TextureArg::Diffuse);
    TextureStageInputs in = inputs();
    in.boundMask = 0;
    CHECK(encodeRgba8(textureStages(s, in)) == Rgba8{94, 156, 237, 43});  // factor 0: ARG2 = diffuse
}

TEST_CASE("pixel/texture_stage: PREMODULATE modulates the next stage's CURRENT by its texture") {
    PixelState s;
    selectArg1(s.stages[0], arg(TextureArg::Diffuse));
    s.stages[0].colorOp = s.stages[0].alphaOp = TextureOp::Premodulate;
    selectArg1(s.stages[1], arg(TextureArg::Current));
    CHECK(encodeRgba8(textureStages(s, inputs())) == Rgba8{74, 60, 44, 26});  // D * T = MODULATE row
    s.options.premodulate = PremodulateRule::SelectArg1;
    CHECK(encodeRgba8(textureStages(s, inputs())) == Rgba8{94, 156, 237, 43});  // D unmodulated
}

TEST_CASE("pixel/texture_stage: a bump stage passes CURRENT, alpha and TEMP through") {
    PixelState s;
    TextureStageState& bump = s.stages[0];
    bump.colorOp = TextureOp::BumpEnvMap;
    bump.alphaOp = TextureOp::SelectArg1;  // ignored: alpha stays the incoming alpha
    bump.resultArg = TextureArg::Temp;     // ignored: TEMP is not clobbered
    TextureStageState& t1 = s.stages[1];
    t1.colorOp = TextureOp::Modulate;  // TEXTURE * CURRENT (= diffuse)
    t1.alphaOp = TextureOp::SelectArg1;
    t1.alphaArg1 = arg(TextureArg::Current);
    selectArg1(s.stages[2], arg(TextureArg::Temp));
    s.stages[2].colorOp = TextureOp::Add;
    s.stages[2].colorArg2 = s.stages[2].alphaArg2 = arg(TextureArg::Current);
    s.stages[2].alphaOp = TextureOp::Add;
    // TEMP (0) + CURRENT: (74, 60, 44) and the diffuse alpha 43
    CHECK(encodeRgba8(textureStages(s, inputs())) == Rgba8{74, 60, 44, 43});
}

TEST_CASE("pixel/texture_stage: legacy §4.5 terrain, MODULATE then MODULATE2X") {
    PixelState s;  // stage 0 default MODULATE(TEXTURE, CURRENT)
    s.stages[1].colorOp = TextureOp::Modulate2x;
    s.stages[1].alphaOp = TextureOp::SelectArg2;
    TextureStageInputs in = inputs();
    in.texture[1] = decodeRgba8({128, 200, 90, 255});
    // 2 * T1 * (T0 D): 2 * 128/255 * 74.37 = 74.66, 2 * 200/255 * 60.39 = 94.73, 2 * 90/255 * 43.71 = 30.85
    const Rgba8 out = encodeRgba8(textureStages(s, in));
    CHECK(out == Rgba8{75, 95, 31, 151});  // alpha: stage 0 SELECTARG1 TEXTURE = 151, passed by SELECTARG2(CURRENT)
}

TEST_CASE("pixel/texture_stage: the cascade stops at the first COLOROP DISABLE") {
    PixelState s;
    s.stages[2].colorOp = TextureOp::Add;  // after the DISABLE of stage 1: never runs
    CHECK(activeStageCount(s, 0xFF) == 1);
    for (TextureStageState& t : s.stages) t.colorOp = TextureOp::SelectArg2;
    CHECK(activeStageCount(s, 0xFF) == kMaxTextureStages);
}

TEST_CASE("pixel/texture_stage: which ops read TEXTURE through an argument (is_invalid_op)") {
    const TextureArgument tex{TextureArg::Texture}, cur{TextureArg::Current};
    CHECK(opReadsTextureArg(TextureOp::Modulate, cur, tex, cur));
    CHECK_FALSE(opReadsTextureArg(TextureOp::SelectArg2, cur, tex, cur));
    CHECK_FALSE(opReadsTextureArg(TextureOp::SelectArg1, cur, cur, tex));
    CHECK(opReadsTextureArg(TextureOp::Lerp, tex, cur, cur));
    CHECK_FALSE(opReadsTextureArg(TextureOp::Add, tex, cur, cur));  // ARG0 only counts for MULTIPLYADD/LERP
    CHECK_FALSE(opReadsTextureArg(TextureOp::Disable, tex, tex, tex));
}

TEST_CASE("pixel/texture_stage: missing specular colour rules (§11)") {
    CHECK(missingSpecularColor(MissingSpecular::ZeroRgbAlphaOne) == Rgba{0.0f, 0.0f, 0.0f, 1.0f});
    CHECK(missingSpecularColor(MissingSpecular::Zero) == Rgba{0.0f, 0.0f, 0.0f, 0.0f});
    CHECK(missingSpecularColor(MissingSpecular::White) == Rgba{1.0f, 1.0f, 1.0f, 1.0f});
}
