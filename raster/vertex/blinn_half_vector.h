// SPDX-License-Identifier: MIT
// The half vector of the specular term (D3DRS_LOCALVIEWER).
// Spec: D3D9 "Specular Lighting"; [WINE-GLSL] shader_glsl_ffp_vertex_lighting;
// docs/fixed-function.md §16.5.
#pragma once

#include "raster/math/vec.h"

namespace refrast {

// Camera space (the camera at the origin looking along +z):
//     LOCALVIEWER TRUE:  H = norm(norm(−posView) + Ldir)   (towards the camera)
//     LOCALVIEWER FALSE: H = norm((0, 0, −1) + Ldir)       (an orthogonal viewer)
// Ldir is the unit vector from the vertex towards the light.
Vec3 blinnHalfVector(const Vec3& lightDir, const Vec3& posView, bool localViewer);

}  // namespace refrast
