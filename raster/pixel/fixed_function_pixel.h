// SPDX-License-Identifier: MIT
// The per-pixel fixed-function chain after sampling, in D3D9's order: material
// ramp on the stage-0 texel (extension), texture stages, specular add, fog,
// depth fade (extension). The caller samples the stages and interpolates the inputs.
// Spec: fixed-function reference §0 steps 3-5; docs/fixed-function.md §5-§7, §9.
#pragma once

#include "raster/pixel/fog.h"
#include "raster/pixel/texture_stage.h"
#include "raster/state/pixel_state.h"

namespace refrast {

// Everything one pixel contributes, as interpolated and sampled by the caller.
struct PixelInputs {
    TextureStageInputs stages;  // diffuse, specular, sampled texels, bound mask
    FogPixelInputs fog;         // depth z, clip w, vertex fog factor or distance, specular alpha
    float viewDepth = 0.0f;     // positive eye-space z (the depth fade)
    bool hasNormals = false;    // the draw's vertices carry normals (no material ramp)
};

// Per draw: where the fog factor comes from and, for table fog, on z or on w.
struct FogSelection {
    FogSource source = FogSource::None;
    TableFogInput tableInput = TableFogInput::Z;
};
FogSelection selectFog(const PixelState& state, bool pretransformed, const Mat4& projection);

// Per vertex, for FogSource::Vertex evaluated per vertex: the saturated factor
// at eye-space position posView (then interpolated into FogPixelInputs::vertexFactor).
float vertexFog(const FogState& fog, const Vec3& posView);

// The colour that enters the output merger (not yet saturated, R-9).
Rgba fixedFunctionPixel(const PixelState& state, const FogSelection& fog, const PixelInputs& in);

// The same with the draw's cascade prepared (makeStageCascade(state, in.stages.boundMask)).
Rgba fixedFunctionPixel(const PixelState& state, const StageCascade& cascade, const FogSelection& fog,
                        const PixelInputs& in);

}  // namespace refrast
