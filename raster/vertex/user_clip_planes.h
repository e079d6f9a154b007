// SPDX-License-Identifier: MIT
// D3D9 user clip planes for fixed-function vertices (D3DRS_CLIPPLANEENABLE,
// SetClipPlane): world-space planes carried to clip space, so the clipper cuts
// them exactly like the frustum planes.
// Spec: IDirect3DDevice9::SetClipPlane ("When the fixed function pipeline is
// used the plane equations are assumed to be in world space"; points with a
// negative dot product are clipped); docs/fixed-function.md §17.
#pragma once

#include "raster/state/vertex_processing_state.h"
#include "raster/vertex/vertex_stage.h"

namespace refrast {

// The clip-space plane of a world-space plane p: with posClip = posWorld · M,
// M = View · Projection, dot(p, posWorld) = dot(M⁻¹ p, posClip), so
// pClip = M⁻¹ · p (p as a column), M⁻¹ computed in double and pClip rounded
// once to float. A singular M has no clip space to carry planes: false.
bool clipSpacePlane(const Mat4& view, const Mat4& projection, const Vec4& worldPlane, Vec4& clipPlane);

// Adds every enabled plane (bits 0..5 of clipPlaneEnable) as ClipVolume plane
// 6 + i, bit kClipUser0 << i. For untransformed vertices only (XYZRHW
// vertices are not clipped by user planes: they have no world space).
void addUserClipPlanes(const VertexProcessingState& state, const Mat4& view, const Mat4& projection, ClipVolume& clip);

}  // namespace refrast
