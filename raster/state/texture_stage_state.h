// SPDX-License-Identifier: MIT
// The state of one texture stage (D3DTSS_*) with D3D9's enum values and defaults.
// Spec: D3DTEXTUREOP, D3DTA, D3DTEXTURESTAGESTATETYPE, D3DTEXTURETRANSFORMFLAGS;
// defaults from [WINE-SB] init_default_texture_state (fixed-function reference §0).
#pragma once

#include <array>
#include <cstdint>

namespace refrast {

constexpr int kMaxTextureStages = 8;  // D3D9 fixed function: stages 0..7

enum class TextureOp : uint8_t {  // D3DTEXTUREOP
    Disable = 1,
    SelectArg1 = 2,
    SelectArg2 = 3,
    Modulate = 4,
    Modulate2x = 5,
    Modulate4x = 6,
    Add = 7,
    AddSigned = 8,
    AddSigned2x = 9,
    Subtract = 10,
    AddSmooth = 11,
    BlendDiffuseAlpha = 12,
    BlendTextureAlpha = 13,
    BlendFactorAlpha = 14,
    BlendTextureAlphaPM = 15,
    BlendCurrentAlpha = 16,
    Premodulate = 17,
    ModulateAlphaAddColor = 18,
    ModulateColorAddAlpha = 19,
    ModulateInvAlphaAddColor = 20,
    ModulateInvColorAddAlpha = 21,
    BumpEnvMap = 22,
    BumpEnvMapLuminance = 23,
    DotProduct3 = 24,
    MultiplyAdd = 25,
    Lerp = 26,
};
static_assert(int(TextureOp::Disable) == 1 && int(TextureOp::Premodulate) == 17 &&
                  int(TextureOp::BumpEnvMap) == 22 && int(TextureOp::Lerp) == 26,
              "TextureOp must carry D3DTOP_* values (d3d9types.h)");

enum class TextureArg : uint8_t {  // D3DTA_* register selector (D3DTA_SELECTMASK 0x0F)
    Diffuse = 0,
    Current = 1,
    Texture = 2,
    TFactor = 3,
    Specular = 4,
    Temp = 5,
    Constant = 6,
};
static_assert(int(TextureArg::Diffuse) == 0 && int(TextureArg::Texture) == 2 && int(TextureArg::Temp) == 5 &&
                  int(TextureArg::Constant) == 6,
              "TextureArg must carry D3DTA_* values (d3d9types.h)");

constexpr uint32_t kTextureArgComplement = 0x10;      // D3DTA_COMPLEMENT
constexpr uint32_t kTextureArgAlphaReplicate = 0x20;  // D3DTA_ALPHAREPLICATE

// One argument: a register plus the D3DTA modifier flags.
struct TextureArgument {
    TextureArg source = TextureArg::Current;
    bool complement = false;      // x -> 1 - x, applied first
    bool alphaReplicate = false;  // x -> x.aaaa, applied second

    constexpr uint32_t d3dta() const {
        return uint32_t(source) | (complement ? kTextureArgComplement : 0) |
               (alphaReplicate ? kTextureArgAlphaReplicate : 0);
    }
    friend constexpr bool operator==(const TextureArgument&, const TextureArgument&) = default;
};

// D3DTSS_TEXTURETRANSFORMFLAGS: the D3DTTFF_COUNTn value (0..4) plus the D3DTTFF_PROJECTED (256) bit.
struct TextureTransformFlags {
    uint8_t count = 0;  // 0 = D3DTTFF_DISABLE, 1..4 = COUNT1..COUNT4
    bool projected = false;
    friend constexpr bool operator==(const TextureTransformFlags&, const TextureTransformFlags&) = default;
};

// The texture-coordinate generation flags in the high word of D3DTSS_TEXCOORDINDEX
// (d3d9types.h: D3DTSS_TCI_PASSTHRU 0, CAMERASPACENORMAL 0x10000, CAMERASPACEPOSITION
// 0x20000, CAMERASPACEREFLECTIONVECTOR 0x30000, SPHEREMAP 0x40000), here >> 16.
enum class TexGen : uint8_t {
    PassThru = 0,
    CameraSpaceNormal = 1,
    CameraSpacePosition = 2,
    CameraSpaceReflectionVector = 3,
    SphereMap = 4,
};

struct TextureStageState {
    TextureOp colorOp = TextureOp::Disable;
    TextureArgument colorArg0{TextureArg::Current};
    TextureArgument colorArg1{TextureArg::Texture};
    TextureArgument colorArg2{TextureArg::Current};
    TextureOp alphaOp = TextureOp::Disable;
    TextureArgument alphaArg0{TextureArg::Current};
    TextureArgument alphaArg1{TextureArg::Texture};
    TextureArgument alphaArg2{TextureArg::Current};
    TextureArg resultArg = TextureArg::Current;  // CURRENT or TEMP
    int texCoordIndex = 0;          // D3DTSS_TEXCOORDINDEX low word: the texcoord set
    TexGen texGen = TexGen::PassThru;  // its high word (docs/textures.md §8)
    float bumpEnvMat00 = 0.0f, bumpEnvMat01 = 0.0f, bumpEnvMat10 = 0.0f, bumpEnvMat11 = 0.0f;
    float bumpEnvLScale = 0.0f, bumpEnvLOffset = 0.0f;
    uint32_t constant = 0xFFFFFFFF;  // D3DTSS_CONSTANT, D3DCOLOR; default per the D3DTA doc
    TextureTransformFlags textureTransformFlags;
};

// D3D9's device defaults: stage 0 MODULATE / SELECTARG1, later stages DISABLE,
// TEXCOORDINDEX = stage index.
constexpr std::array<TextureStageState, kMaxTextureStages> defaultTextureStages() {
    std::array<TextureStageState, kMaxTextureStages> stages{};
    for (int i = 0; i < kMaxTextureStages; ++i) stages[i].texCoordIndex = i;
    stages[0].colorOp = TextureOp::Modulate;
    stages[0].alphaOp = TextureOp::SelectArg1;
    return stages;
}

}  // namespace refrast
