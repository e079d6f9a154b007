// SPDX-License-Identifier: MIT
// Bump environment mapping: the texcoord offset a BUMPENVMAP(LUMINANCE) stage s
// applies to stage s + 1, and the luminance scale of its texel.
// Spec: D3DTOP_BUMPENVMAP, BUMPENVMAPLUMINANCE, D3DTSS_BUMPENVMAT00..11,
// BUMPENVLSCALE, BUMPENVLOFFSET; "texbem - ps"; fixed-function reference §4.5.
// Implements: the offset, the projected-coordinate rule, the luminance factor.
// Does not implement: sampling and signed-format decoding (the texture sampler).
#pragma once

#include "raster/pixel/rgba.h"
#include "raster/state/texture_stage_state.h"

namespace refrast {

// The perturbation stage s + 1 receives from bump stage s.
struct BumpEnvOffset {
    float du = 0.0f, dv = 0.0f;     // added to stage s + 1's (u, v)
    float luminanceScale = 1.0f;    // multiplies stage s + 1's texel (1 for BUMPENVMAP)
};

// From the bump stage's state (its own matrix, [WINE-GLSL] bumpenv_mat(stage - 1))
// and its decoded texel (r = du, g = dv, b = luminance):
//   du' = M00 du + M10 dv,  dv' = M01 du + M11 dv,
//   luminanceScale = sat(l LSCALE + LOFFSET) for BUMPENVMAPLUMINANCE.
BumpEnvOffset bumpEnvMap(const TextureStageState& bumpStage, const Rgba& bumpTexel);

// Stage s + 1's coordinate: u + du' (or, with D3DTTFF_PROJECTED on stage s + 1,
// the offset is multiplied by q before the divide: (u + du' q) / q).
struct PerturbedTexcoord {
    float u = 0.0f, v = 0.0f;
};
PerturbedTexcoord perturbTexcoord(const BumpEnvOffset& offset, float u, float v, float q, bool projected);

// Stage s + 1's texel scaled on all four channels by the luminance factor
// (fixed_function_bumpmap_test: applied to all channels, saturated).
Rgba applyBumpLuminance(const Rgba& texel, float luminanceScale);

}  // namespace refrast
