// SPDX-License-Identifier: MIT
// docs/fixed-function.md §16.2: D3DRS_COLORVERTEX and the four *MATERIALSOURCE states.
#include "raster/vertex/material_source.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {
VertexProcessingState withMaterial() {
    VertexProcessingState s;
    s.material.diffuse = {0.1f, 0.1f, 0.1f, 0.1f};
    s.material.ambient = {0.2f, 0.2f, 0.2f, 0.2f};
    s.material.specular = {0.3f, 0.3f, 0.3f, 0.3f};
    s.material.emissive = {0.4f, 0.4f, 0.4f, 0.4f};
    return s;
}
const Vec4 kDiffuse(0.5f, 0.6f, 0.7f, 0.8f), kSpecular(0.9f, 0.25f, 0.75f, 1.0f);
}  // namespace

TEST_CASE("vertex/material_source: D3D9 defaults — diffuse COLOR1, specular COLOR2, ambient and emissive MATERIAL") {
    const MaterialColors m = materialColors(withMaterial(), &kDiffuse, &kSpecular);
    CHECK(m.diffuse.r == 0.5f);   // the vertex diffuse
    CHECK(m.diffuse.a == 0.8f);
    CHECK(m.specular.g == 0.25f); // the vertex specular
    CHECK(m.ambient.r == 0.2f);   // the material
    CHECK(m.emissive.r == 0.4f);
}

TEST_CASE("vertex/material_source: each source can be any of MATERIAL, COLOR1, COLOR2") {
    VertexProcessingState s = withMaterial();
    s.diffuseMaterialSource = MaterialColorSource::Color2;
    s.specularMaterialSource = MaterialColorSource::Material;
    s.ambientMaterialSource = MaterialColorSource::Color1;
    s.emissiveMaterialSource = MaterialColorSource::Color2;
    const MaterialColors m = materialColors(s, &kDiffuse, &kSpecular);
    CHECK(m.diffuse.r == 0.9f);
    CHECK(m.specular.r == 0.3f);
    CHECK(m.ambient.b == 0.7f);
    CHECK(m.emissive.b == 0.75f);
}

TEST_CASE("vertex/material_source: COLORVERTEX FALSE uses the material for every colour") {
    VertexProcessingState s = withMaterial();
    s.colorVertex = false;
    const MaterialColors m = materialColors(s, &kDiffuse, &kSpecular);
    CHECK(m.diffuse.r == 0.1f);
    CHECK(m.specular.r == 0.3f);
}

TEST_CASE("vertex/material_source: a source the vertex lacks falls back to the material") {
    const MaterialColors m = materialColors(withMaterial(), nullptr, nullptr);
    CHECK(m.diffuse.r == 0.1f);
    CHECK(m.specular.r == 0.3f);
}

TEST_CASE("vertex/material_source: float vertex colours enter clamped to [0, 1]") {
    const Vec4 bright(1.5f, -0.5f, 0.5f, 2.0f);
    const MaterialColors m = materialColors(withMaterial(), &bright, nullptr);
    CHECK(m.diffuse.r == 1.0f);
    CHECK(m.diffuse.g == 0.0f);
    CHECK(m.diffuse.a == 1.0f);
}
