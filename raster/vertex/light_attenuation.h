// SPDX-License-Identifier: MIT
// The distance attenuation of a point or spot light (D3DLIGHT9 Range,
// Attenuation0/1/2). Spec: D3D9 "Attenuation and Spotlight Factor";
// docs/fixed-function.md §16.3.
#pragma once

#include "raster/state/vertex_processing_state.h"

namespace refrast {

// Directional lights: 1. Point and spot lights at distance d:
//     Atten = 1 / ((a0 + a1·d) + a2·d²),
// and 0 when d > Range under LightRangeRule::Cutoff (the light then adds
// nothing, not even its ambient part).
float lightAttenuation(const Light& light, float distance, LightRangeRule rule);

}  // namespace refrast
