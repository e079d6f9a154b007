// SPDX-License-Identifier: MIT
// docs/fixed-function.md §16.1: the vertex stage replaces the vertex colours by the lit
// ones only with LIGHTING on and only for untransformed vertices.
#include "raster/vertex/vertex_stage.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {

Draw litTriangle(bool pretransformed) {
    Draw d;
    d.vertices.count = 3;
    d.vertices.pretransformed = pretransformed;
    for (int i = 0; i < 3; ++i) {
        d.vertices.position.emplace_back(float(i), 0.0f, 0.5f, 1.0f);
        d.vertices.normal.emplace_back(0.0f, 0.0f, -1.0f);
        d.vertices.diffuse.emplace_back(0.25f, 0.5f, 0.75f, 1.0f);
    }
    VertexProcessingState& v = d.state.vertex;
    v.lights[0].diffuse = {0.5f, 0.5f, 0.5f, 0.0f};  // the default directional light, along +z
    v.lightEnabled[0] = true;
    return d;
}

const float* diffuseOf(const TransformedVertices& t, size_t i) {
    return t.record(i) + kRecordVaryings + VaryingLayout::kDiffuse;
}

Viewport target() { return Viewport{0, 0, 4, 4, 0.0f, 1.0f}; }

}  // namespace

TEST_CASE("vertex/vertex_stage: lighting off keeps the vertex colours") {
    const TransformedVertices t = runVertexStage(litTriangle(false), target(), 1);
    CHECK(diffuseOf(t, 0)[0] == 0.25f);
    CHECK(diffuseOf(t, 2)[2] == 0.75f);
}

TEST_CASE("vertex/vertex_stage: lighting on lights with the COLOR1 diffuse") {
    Draw d = litTriangle(false);
    d.state.vertex.lighting = true;
    const TransformedVertices t = runVertexStage(d, target(), 1);
    // N·L = 1: rgb = Cd · Ld = (0.25, 0.5, 0.75) · 0.5; alpha = Cd.a = 1.
    CHECK(diffuseOf(t, 1)[0] == 0.125f);
    CHECK(diffuseOf(t, 1)[1] == 0.25f);
    CHECK(diffuseOf(t, 1)[2] == 0.375f);
    CHECK(diffuseOf(t, 1)[3] == 1.0f);
}

TEST_CASE("vertex/vertex_stage: XYZRHW vertices are never lit") {
    Draw d = litTriangle(true);
    d.state.vertex.lighting = true;
    const TransformedVertices t = runVertexStage(d, target(), 1);
    CHECK(diffuseOf(t, 0)[1] == 0.5f);
}
