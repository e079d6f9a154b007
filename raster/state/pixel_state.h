// SPDX-License-Identifier: MIT
// The pixel-pipeline state of one draw: texture stages, TEXTUREFACTOR,
// specular, fog, alpha test, blending, the ports' extensions and the named
// choices for divergent implementations (D3DTSS_*, D3DRS_*).
#pragma once

#include "raster/state/alpha_test_state.h"
#include "raster/state/blend_state.h"
#include "raster/state/extension_state.h"
#include "raster/state/fixed_function_options.h"
#include "raster/state/fog_state.h"
#include "raster/state/stage_texture_binding.h"
#include "raster/state/texture_stage_state.h"

#include <array>
#include <cstdint>

namespace refrast {

struct PixelState {
    std::array<TextureStageState, kMaxTextureStages> stages = defaultTextureStages();
    std::array<StageTextureBinding, kMaxTextureStages> textures{};  // SetTexture + D3DSAMP_* per stage
    uint32_t textureFactor = 0xFFFFFFFF;  // D3DRS_TEXTUREFACTOR
    bool specularEnable = false;          // D3DRS_SPECULARENABLE
    FogState fog;
    AlphaTestState alphaTest;
    BlendState blend;
    MaterialRampState materialRamp;
    DepthFadeState depthFade;
    FixedFunctionOptions options;
};

}  // namespace refrast
