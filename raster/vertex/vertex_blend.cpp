// SPDX-License-Identifier: MIT
#include "raster/vertex/vertex_blend.h"

namespace refrast {

int blendMatrixCount(VertexBlend blend) {
    switch (blend) {
        case VertexBlend::Disable: return 0;
        case VertexBlend::Weights0: return 1;
        case VertexBlend::Weights1: return 2;
        case VertexBlend::Weights2: return 3;
        case VertexBlend::Weights3: return 4;
    }
    return 0;
}

namespace {

// The world matrix blend slot k of vertex i uses: byte k of its indices
// ("Indexed Vertex Blending"), or k itself (WORLDMATRIX(0..3), "Geometry Blending").
int matrixIndex(const VertexBlendSetup& setup, const VertexData& v, size_t i, int k) {
    return setup.indexed ? int(v.blendIndices[i] >> (8 * k) & 0xFF) : k;
}

}  // namespace

std::string vertexBlendError(const VertexProcessingState& state, const VertexData& v) {
    const int matrices = blendMatrixCount(state.vertexBlend);
    if (matrices == 0 || v.pretransformed) return "";
    const int weights = matrices - 1;
    if (weights > v.blendWeightCount)
        return "vertexblend " + std::to_string(weights) + "WEIGHTS needs " + std::to_string(weights) +
               " blend weights per vertex; the vertices carry " + std::to_string(v.blendWeightCount);
    if (state.indexedVertexBlendEnable && v.blendIndices.empty())
        return "indexedvertexblendenable needs blend indices (LASTBETA_UBYTE4, LASTBETA_D3DCOLOR or BLENDINDICES)";
    return "";
}

VertexBlendSetup setupVertexBlend(const VertexProcessingState& state, const DrawTransform& t, const VertexData& v) {
    VertexBlendSetup setup;
    if (v.pretransformed) return setup;
    setup.matrices = blendMatrixCount(state.vertexBlend);
    if (setup.matrices == 0) return setup;
    setup.indexed = state.indexedVertexBlendEnable;
    setup.slot.fill(-1);
    std::array<bool, kMaxWorldMatrices> used{};
    for (int k = 0; k < setup.matrices; ++k) used[size_t(k)] = !setup.indexed;
    if (setup.indexed)
        for (size_t i = 0; i < v.count; ++i)
            for (int k = 0; k < setup.matrices; ++k) used[size_t(matrixIndex(setup, v, i, k))] = true;
    for (int n = 0; n < kMaxWorldMatrices; ++n) {
        if (!used[size_t(n)]) continue;
        setup.slot[size_t(n)] = int16_t(setup.worldView.size());
        // World and view combine first, as for unblended vertices (§1.1).
        setup.worldView.push_back(t.worldMatrix(n) * t.view);
        setup.normals.push_back(normalMatrix(setup.worldView.back()));
    }
    return setup;
}

BlendedVertex blendVertex(const VertexBlendSetup& setup, const VertexData& v, size_t i) {
    BlendedVertex out;
    out.posView = Vec4(0, 0, 0, 0);
    out.normalView = Vec3(0, 0, 0);
    float last = 1.0f;  // 1 − w_0 − w_1 − …, subtracted left to right
    for (int k = 0; k < setup.matrices; ++k) {
        float w = last;
        if (k + 1 < setup.matrices) {
            w = v.blendWeight[i][k];
            last = last - w;
        }
        const size_t m = size_t(setup.slot[size_t(matrixIndex(setup, v, i, k))]);
        const Vec4 p = transformRow(v.position[i], setup.worldView[m]);
        for (int c = 0; c < 4; ++c) out.posView[c] = out.posView[c] + w * p[c];
        if (v.normal.empty()) continue;
        const Vec3 n = transformNormal(setup.normals[m], v.normal[i], false);
        for (int c = 0; c < 3; ++c) out.normalView[c] = out.normalView[c] + w * n[c];
    }
    return out;
}

}  // namespace refrast
