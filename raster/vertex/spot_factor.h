// SPDX-License-Identifier: MIT
// The spotlight factor (D3DLIGHT9 Theta, Phi, Falloff).
// Spec: D3D9 "Attenuation and Spotlight Factor"; docs/fixed-function.md §16.4.
#pragma once

#include "raster/state/vertex_processing_state.h"

namespace refrast {

// The cone of one spot light, with the cosines of the half angles taken once
// per draw with refrast's own cosine (raster/math/trig.h).
struct SpotCone {
    float cosHalfTheta = 1.0f;  // cos(Theta / 2), the inner cone
    float cosHalfPhi = 1.0f;    // cos(Phi / 2), the outer cone
    float falloff = 1.0f;
};

SpotCone makeSpotCone(const Light& light);

// rho = cos of the angle between the spot direction and the light-to-vertex
// vector:
//     rho > cos(θ/2)    → 1                       (inside the inner cone)
//     rho ≤ cos(φ/2)    → 0                       (outside the outer cone)
//     otherwise         → ((rho − cos(φ/2)) / (cos(θ/2) − cos(φ/2)))^Falloff
// The doc's strict ">" and "≤" put a vertex exactly on the inner edge in the
// falloff band (where the formula gives 1 too) and one exactly on the outer
// edge outside (0). SpotFalloffRule::Linear reads Falloff as 1.
float spotFactor(const SpotCone& cone, float rho, SpotFalloffRule rule);

}  // namespace refrast
