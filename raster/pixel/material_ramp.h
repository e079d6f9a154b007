// SPDX-License-Identifier: MIT
// The Pod port's material ramp: the stage-0 texel's luminance indexes a gradient
// from the low to the high colour, for geometry without normals only.
// Spec: legacy-behaviours §3 "Material ramp"; docs/fixed-function.md §9.1.
#pragma once

#include "raster/pixel/rgba.h"
#include "raster/state/extension_state.h"

namespace refrast {

// Rec. 601 luma weights (the luminance of the ramp index, docs/fixed-function.md §9.1).
constexpr float kRampLumaR = 0.299f, kRampLumaG = 0.587f, kRampLumaB = 0.114f;

// Only geometry without normals is ramped; lit geometry never is.
constexpr bool materialRampApplies(const MaterialRampState& ramp, bool hasNormals) {
    return ramp.enable && !hasNormals;
}

// rgb = low + L (high - low) written as low (1 - L) + high L, L = sat(luma(texel));
// alpha = texel alpha.
Rgba materialRamp(const MaterialRampState& ramp, const Rgba& texel);

// The tint rule: an achromatic ramp (both ends r == g == b) keeps the explicit
// diffuse, which tints; a coloured ramp replaces diffuse rgb with white.
Rgba materialRampDiffuse(const MaterialRampState& ramp, const Rgba& diffuse);

}  // namespace refrast
