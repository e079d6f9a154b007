// SPDX-License-Identifier: MIT
// Vertex blending (D3DRS_VERTEXBLEND, D3DRS_INDEXEDVERTEXBLENDENABLE,
// D3DTS_WORLDMATRIX(n)): the position and normal of a vertex as the weighted
// sum of their transforms by up to four world matrices.
// Spec: D3D9 "Geometry Blending", "Indexed Vertex Blending" (Microsoft Learn);
// D3DVERTEXBLENDFLAGS; [WINE-GLSL] `shader_glsl_generate_ffp_vertex_shader`
// (blending in camera space); docs/fixed-function.md §18.
#pragma once

#include "raster/vertex/normal_transform.h"
#include "refrast/scene.h"

#include <array>
#include <string>
#include <vector>

namespace refrast {

// The matrices a VERTEXBLEND value blends: the weights read from each vertex
// plus one (the last weight is 1 minus their sum); Weights0 blends one.
int blendMatrixCount(VertexBlend blend);

// What a draw's blending needs once per draw: world·view and its normal
// matrix for every world matrix a vertex may select.
struct VertexBlendSetup {
    int matrices = 0;  // 0: blending off
    bool indexed = false;
    std::array<int16_t, kMaxWorldMatrices> slot{};  // world matrix index -> entry in worldView, or -1
    std::vector<Mat4> worldView;
    std::vector<NormalMatrix> normals;
};

// Off (matrices 0) for XYZRHW vertices and VERTEXBLEND DISABLE.
VertexBlendSetup setupVertexBlend(const VertexProcessingState& state, const DrawTransform& transform,
                                  const VertexData& vertices);

// The reason a draw cannot blend (VERTEXBLEND asks for more weights than the
// vertices carry; INDEXEDVERTEXBLENDENABLE without BLENDINDICES), or "".
std::string vertexBlendError(const VertexProcessingState& state, const VertexData& vertices);

struct BlendedVertex {
    Vec4 posView;
    Vec3 normalView;  // not normalised; (0, 0, 0) without a normal
};

// posView = Σ_k w_k · (p · World_{i_k} · View), nView = Σ_k w_k · (n · N_{i_k}),
// summed k = 0, 1, … with w_last = 1 − w_0 − w_1 − … (left to right).
BlendedVertex blendVertex(const VertexBlendSetup& setup, const VertexData& v, size_t i);

}  // namespace refrast
