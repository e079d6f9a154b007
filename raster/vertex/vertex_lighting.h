// SPDX-License-Identifier: MIT
// Per-vertex fixed-function lighting in camera space: the sum over the
// enabled lights of ambient, diffuse and specular, plus the global ambient
// and the emissive colour.
// Spec: D3D9 "Mathematics of Lighting", "Ambient/Diffuse/Specular/Emissive
// Lighting"; docs/fixed-function.md §16. Implements directional, point and
// spot lights, local and orthogonal viewers; does not implement D3D7 ramp
// lighting (D3DLIGHTINGMODEL_MONO, removed in D3D8).
#pragma once

#include "raster/state/vertex_processing_state.h"
#include "raster/vertex/material_source.h"
#include "raster/vertex/spot_factor.h"

#include <array>

namespace refrast {

// One enabled light moved to camera space, fixed for the draw.
struct CameraLight {
    Light light;           // colours, range, attenuation (positions below)
    Vec3 posView;          // point and spot: Position · View
    Vec3 dirView;          // unit, Direction · View (the way the light shines)
    SpotCone cone;         // spot lights
};

// Everything per draw the lighting of one vertex needs.
struct LightingSetup {
    std::array<CameraLight, kMaxActiveLights> lights{};
    int count = 0;                // enabled lights, in index order
    ColorValue globalAmbient;     // D3DRS_AMBIENT decoded
    bool localViewer = true;
    float power = 0.0f;           // D3DMATERIAL9.Power
    LightingOptions options;
};

LightingSetup setupLighting(const VertexProcessingState& state, const Mat4& view);

struct LitColors {
    ColorValue diffuse;   // rgb saturated, alpha = the diffuse material source's alpha
    ColorValue specular;  // rgb saturated; alpha 0 (the caller keeps the vertex's)
};

// The vertex at posView with the camera-space normal nView (zero when the
// vertex has none: every dot product is then 0, D3DRS_LIGHTING doc):
//     diffuse.rgb  = sat((Ce + Ca·(Ga + Σ La·Atten·Spot)) + Cd·Σ Ld·(N·L)·Atten·Spot)
//     specular.rgb = sat(Cs·Σ Ls·(N·H)^P·Atten·Spot)       (only where N·L > 0)
// with N·L and N·H clamped at 0, the sums in light index order. The specular
// sum is skipped when `withSpecular` is false (nothing reads it).
LitColors lightVertex(const LightingSetup& setup, const MaterialColors& material, const Vec3& posView,
                      const Vec3& nView, bool withSpecular);

}  // namespace refrast
