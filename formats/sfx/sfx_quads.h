// SPDX-License-Identifier: MIT
// The geometry half of drawing an effect: one camera-facing quad per live
// particle with its clamped colour and opacity, ready to become a draw.
// Spec: shared/spec/legacy-behaviours.md §3.1 (clamp for drawing, hot-phase
// occlusion); docs/sfx.md "Drawing".
#pragma once

#include "formats/sfx/sfx_simulation.h"
#include "raster/math/vec.h"

#include <array>
#include <vector>

namespace refrast::sfx {

struct SfxQuad {
    uint32_t particleId = 0;
    // Top-left, top-right, bottom-right, bottom-left as seen by the camera:
    // clockwise on screen, so the triangles [0 1 2][0 2 3] face the camera.
    std::array<Vec3, 4> cornersWorld;
    std::array<Vec2, 4> uv;  // (0, 0), (1, 0), (1, 1), (0, 1)
    Vec4 rgba;               // diffuse: clamped rgb, alpha × occlusion(heat)
    float radius = 0.0f;     // half the quad side, world units
};

// Drawn opacity factor: occlusionCold + (occlusionHot − occlusionCold) × clamp01(heat).
float occlusionForHeat(float heat, const SfxModelParams& m);

// One quad per particle in particle order. `view` is the D3D world→view matrix
// (row vectors); the camera's right and up axes in world space are its first
// and second columns, normalised.
std::vector<SfxQuad> expandToQuads(const SimulatedFrame& frame, const Vec3& effectPosition, const Mat4& view,
                                   const SfxModelParams& m = {});

}  // namespace refrast::sfx
