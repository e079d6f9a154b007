// SPDX-License-Identifier: MIT
// Per-vertex texture-coordinate processing: texgen (D3DTSS_TCI_*), the
// stage's texture matrix (D3DTS_TEXTUREn) under D3DTSS_TEXTURETRANSFORMFLAGS
// COUNT1..COUNT4, and the per-pixel PROJECTED divide.
// Spec: D3DTSS_TEXCOORDINDEX, D3DTEXTURETRANSFORMFLAGS ("Texture Coordinate
// Processing"); [WINE-GLSL] shader_glsl_generate_ffp_vertex_shader (texgen);
// docs/textures.md §8 (rules T-21..T-24).
#pragma once

#include "raster/math/vec.h"
#include "raster/state/texture_stage_state.h"

#include <cstdint>

namespace refrast {

// Stages whose coordinate goes through this path: a texgen flag, a count
// other than DISABLE/COUNT2, PROJECTED, or COUNT2 on a set of 3 or 4
// components, or a cube texture. COUNT2 on a 1- or 2-component set keeps rule T-12 (the same
// affine map, applied to the interpolated (u, v)).
// A stage sampling a cube texture always does: its lookup reads 3 components.
bool usesTexcoordProcessing(const TextureStageState& stage, uint8_t setSize, bool cube = false);

// T-21: a texcoord set of `size` components as D3D's 4-vector, the first
// missing component 1 and the rest 0: (u, 1, 0, 0), (u, v, 1, 0),
// (u, v, w, 1), (u, v, w, q); an absent set (size 0) is (0, 0, 1, 0).
Vec4 texcoordInput(const Vec4& set, uint8_t size);

// T-22: the camera-space texgen vectors, as (x, y, z, 1):
//   CAMERASPACENORMAL            nView
//   CAMERASPACEPOSITION          posView
//   CAMERASPACEREFLECTIONVECTOR  R = I − 2·(N·I)·N, I = norm(posView) (LOCALVIEWER)
//                                or (0, 0, 1) (orthogonal viewer): the eye ray reflected
//   SPHEREMAP                    (Rx/m + 1/2, 1/2 − Ry/m, 0, 1), m = 2·sqrt(Rx² + Ry² + (Rz − 1)²)
// nView is the camera-space normal (normalised when NORMALIZENORMALS); a vertex
// without a normal uses 0.
Vec4 texGenVector(TexGen gen, const Vec3& posView, const Vec3& nView, bool localViewer);

// T-23: the stage's output per vertex: in · M (row vector) when a count is
// set, `in` unchanged for DISABLE.
Vec4 transformTexcoord(const TextureTransformFlags& flags, const Mat4& textureMatrix, const Vec4& in);

// T-24: the (u, v) a 2-D lookup reads from the interpolated output c:
// COUNT1 → (c0, 0); COUNTn|PROJECTED → (c0 / c[n−1], c1 / c[n−1]) per pixel;
// otherwise (c0, c1).
Vec2 lookupTexcoord(const TextureTransformFlags& flags, const float* c);

// T-28: the direction a cube lookup reads from c: (c0, c1, c2), with the
// components past COUNT1/COUNT2 read as 0; PROJECTED divides the three by
// c[n−1] per pixel.
Vec3 lookupCubeTexcoord(const TextureTransformFlags& flags, const float* c);

}  // namespace refrast
