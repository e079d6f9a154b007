// SPDX-License-Identifier: MIT
// D3DRS_DEPTHBIAS and D3DRS_SLOPESCALEDEPTHBIAS (D3D9), and D3D7's
// D3DRENDERSTATE_ZBIAS mapped onto DEPTHBIAS.
// Spec: fixed-function reference §3: the offset is in depth units ([0, 1]),
// z' = z + DEPTHBIAS + SLOPESCALEDEPTHBIAS · max(|∂z/∂x|, |∂z/∂y|), added to
// the interpolated depth before the depth test and clamped to [0, 1] with it
// (d3d9 test_depthbias: a bias of 0.2 moves the pass boundary by 0.2 of the
// depth range on D16, D24 and D32 alike). docs/fixed-function.md §15.2.
#pragma once

#include "raster/primitive/setup.h"
#include "raster/state/render_state.h"

namespace refrast {

// D3D7 leaves ZBIAS's units to the driver; refrast takes Wine's mapping
// (dlls/ddraw/device.c: DEPTHBIAS = ZBIAS · −0.000005), so a higher ZBIAS
// draws nearer.
constexpr float kZBiasToDepthBias = -0.000005f;

// max(|∂z/∂x|, |∂z/∂y|) of a set-up triangle's window depth, per pixel, from
// its fixed-point vertex positions (double arithmetic, rounded once to float).
float maxDepthSlope(const SetupTriangle& t);

// The offset a triangle's fragments get (0 exactly when both states are 0).
float triangleDepthOffset(const DepthState& d, const SetupTriangle& t);

}  // namespace refrast
