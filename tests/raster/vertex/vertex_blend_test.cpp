// SPDX-License-Identifier: MIT
// Vertex blending: positions and normals as weighted sums of world matrices,
// indexed and not, with the last weight 1 − Σ (docs/fixed-function.md §18),
// and the version 2 FVF/declaration layouts that carry weights and indices.
#include "formats/scene/vertex_stream_json.h"
#include "raster/vertex/vertex_blend.h"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

using namespace refrast;

namespace {

Mat4 translation(float x, float y, float z) {
    Mat4 m = Mat4::Identity();
    m(3, 0) = x, m(3, 1) = y, m(3, 2) = z;
    return m;
}

Mat4 scale(float s) {
    Mat4 m = Mat4::Identity();
    m(0, 0) = m(1, 1) = m(2, 2) = s;
    return m;
}

VertexData oneVertex(Vec4 p, Vec4 weights, int weightCount, uint32_t indices = 0) {
    VertexData v;
    v.count = 1;
    v.position = {p};
    v.normal = {Vec3(0, 0, 1)};
    v.blendWeight = {weights};
    v.blendWeightCount = uint8_t(weightCount);
    v.blendIndices = {indices};
    return v;
}

}  // namespace

TEST_CASE("vertex/vertex_blend: 1WEIGHTS blends WORLDMATRIX(0) and (1) with w1 = 1 − w0") {
    VertexProcessingState s;
    s.vertexBlend = VertexBlend::Weights1;
    DrawTransform t;
    t.world = translation(2, 0, 0);
    t.worldMatrices = {translation(0, 4, 0)};
    t.view = translation(0, 0, 10);
    const VertexData v = oneVertex(Vec4(1, 1, 1, 1), Vec4(0.25f, 0, 0, 0), 1);
    const VertexBlendSetup setup = setupVertexBlend(s, t, v);
    REQUIRE(setup.matrices == 2);
    // p·W0·V = (3, 1, 11, 1), p·W1·V = (1, 5, 11, 1); w0 = 0.25, w1 = 1 − 0.25 = 0.75:
    // (0.75 + 0.75, 0.25 + 3.75, 2.75 + 8.25, 0.25 + 0.75) = (1.5, 4, 11, 1).
    const BlendedVertex b = blendVertex(setup, v, 0);
    CHECK(b.posView == Vec4(1.5f, 4.0f, 11.0f, 1.0f));
    // Translations leave the normal: 0.25·(0, 0, 1) + 0.75·(0, 0, 1) = (0, 0, 1).
    CHECK(b.normalView == Vec3(0, 0, 1));
}

TEST_CASE("vertex/vertex_blend: indexed blending picks the matrices by the index bytes") {
    VertexProcessingState s;
    s.vertexBlend = VertexBlend::Weights2;
    s.indexedVertexBlendEnable = true;
    DrawTransform t;
    t.worldMatrices.assign(9, Mat4::Identity());
    t.worldMatrices[2] = translation(8, 0, 0);  // WORLDMATRIX(3)
    t.worldMatrices[4] = scale(2);              // WORLDMATRIX(5)
    // Index bytes 3, 0, 5 (byte k = slot k); weights 0.5, 0.25, last 1 − 0.5 − 0.25 = 0.25.
    const VertexData v = oneVertex(Vec4(1, 2, 3, 1), Vec4(0.5f, 0.25f, 0, 0), 2, 3u | 0u << 8 | 5u << 16);
    const VertexBlendSetup setup = setupVertexBlend(s, t, v);
    // p·W3 = (9, 2, 3, 1), p·W0 = (1, 2, 3, 1), p·W5 = (2, 4, 6, 1):
    // x = 4.5 + 0.25 + 0.5 = 5.25, y = 1 + 0.5 + 1 = 2.5, z = 1.5 + 0.75 + 1.5 = 3.75, w = 1.
    const BlendedVertex b = blendVertex(setup, v, 0);
    CHECK(b.posView == Vec4(5.25f, 2.5f, 3.75f, 1.0f));
    // Normals by each inverse transpose: (0, 0, 1), (0, 0, 1), (0, 0, 0.5):
    // 0.5 + 0.25 + 0.25·0.5 = 0.875, not normalised here.
    CHECK(b.normalView == Vec3(0, 0, 0.875f));
}

TEST_CASE("vertex/vertex_blend: 0WEIGHTS transforms by one matrix with weight 1") {
    VertexProcessingState s;
    s.vertexBlend = VertexBlend::Weights0;
    s.indexedVertexBlendEnable = true;
    DrawTransform t;
    t.worldMatrices.assign(7, Mat4::Identity());
    t.worldMatrices[6] = scale(2);  // WORLDMATRIX(7)
    const VertexData v = oneVertex(Vec4(1, 2, 3, 1), Vec4(0, 0, 0, 0), 0, 7);
    const BlendedVertex b = blendVertex(setupVertexBlend(s, t, v), v, 0);
    CHECK(b.posView == Vec4(2, 4, 6, 1));
    CHECK(b.normalView == Vec3(0, 0, 0.5f));  // (0, 0, 1) · (2I)⁻ᵀ
}

TEST_CASE("vertex/vertex_blend: a draw that cannot blend says why") {
    VertexProcessingState s;
    VertexData v = oneVertex(Vec4(0, 0, 0, 1), Vec4(0, 0, 0, 0), 1);
    CHECK(vertexBlendError(s, v).empty());  // DISABLE
    s.vertexBlend = VertexBlend::Weights3;
    CHECK(vertexBlendError(s, v) == "vertexblend 3WEIGHTS needs 3 blend weights per vertex; the vertices carry 1");
    s.vertexBlend = VertexBlend::Weights1;
    s.indexedVertexBlendEnable = true;
    v.blendIndices.clear();
    CHECK(vertexBlendError(s, v) ==
          "indexedvertexblendenable needs blend indices (LASTBETA_UBYTE4, LASTBETA_D3DCOLOR or BLENDINDICES)");
    v.pretransformed = true;  // XYZRHW vertices are never blended
    CHECK(vertexBlendError(s, v).empty());
}

TEST_CASE("scene v2: XYZBn FVFs lay out weights and the LASTBETA indices") {
    using Usage = scene_json::VertexElement::Usage;
    const nlohmann::json doc = "XYZB3|LASTBETA_UBYTE4|NORMAL|TEX1";
    const scene_json::VertexLayout l = scene_json::parseFvf(json::Node(doc, "/commands/0/SetFVF", "s.json"));
    // position 0..11, two weights 12..19, indices 20..23, normal 24..35, texcoord 36..43.
    REQUIRE(l.elements.size() == 5);
    CHECK((l.elements[1].usage == Usage::BlendWeight && l.elements[1].offset == 12 && l.elements[1].components() == 2));
    CHECK((l.elements[2].usage == Usage::BlendIndices && l.elements[2].offset == 20 && l.elements[2].type == refrast::scene_json::ElementType::UByte4));
    CHECK((l.elements[3].usage == Usage::Normal && l.elements[3].offset == 24));
    CHECK(l.elements[4].offset == 36);
    const nlohmann::json plain = "XYZB2|DIFFUSE";  // two weights, no indices
    const scene_json::VertexLayout p = scene_json::parseFvf(json::Node(plain, "/commands/0/SetFVF", "s.json"));
    CHECK((p.elements[1].usage == Usage::BlendWeight && p.elements[1].components() == 2 && p.elements[2].offset == 20));
}
