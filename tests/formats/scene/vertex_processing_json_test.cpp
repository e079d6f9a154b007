// SPDX-License-Identifier: MIT
// docs/scene-format.md "lights[] and material" and docs/fixed-function.md §16.7: the
// lighting keys load field by field, defaults are D3D9's (lighting off in version 1),
// and values SetLight rejects are errors naming their pointer.
#include "refrast/error.h"
#include "refrast/scene.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <string>

using namespace refrast;
using namespace refrast::test;

namespace {

// One XYZ triangle with normals, plus `extra` keys in the draw.
Scene loadDraw(const std::string& extra) {
    TempDir dir;
    const std::string json = R"({"refrast_scene": 1, "target": {"width": 4, "height": 4},
 "draws": [{"vertices": {"position": {"format": "XYZ", "data": [0,0,0.5, 1,0,0.5, 0,1,0.5]},
                         "normal": {"format": "FLOAT3", "data": [0,0,-1, 0,0,-1, 0,0,-1]}})" +
                             extra + "}]}";
    return loadScene(dir.write("scene.json", json));
}

std::string errorOf(const std::string& extra) {
    try {
        loadDraw(extra);
    } catch (const InputError& e) {
        const std::string m = e.what();
        return m.substr(m.find(": /") + 2);  // drop the temporary path
    }
    return "no error";
}

}  // namespace

TEST_CASE("formats/vertex_processing_json: version 1 defaults — lighting off, D3D9's other states") {
    const VertexProcessingState v = loadDraw("").draws[0].state.vertex;
    CHECK_FALSE(v.lighting);
    CHECK(v.colorVertex);
    CHECK(v.localViewer);
    CHECK_FALSE(v.normalizeNormals);
    CHECK(v.diffuseMaterialSource == MaterialColorSource::Color1);
    CHECK(v.specularMaterialSource == MaterialColorSource::Color2);
    CHECK(v.ambientMaterialSource == MaterialColorSource::Material);
    CHECK_FALSE(v.lightEnabled[0]);
    CHECK(v.material.power == 0.0f);
}

TEST_CASE("formats/vertex_processing_json: render states, a light and the material field by field") {
    const Scene s = loadDraw(R"(, "state": {"lighting": true, "ambient": "0xff804020", "colorvertex": false,
        "diffusematerialsource": "COLOR2", "localviewer": false, "normalizenormals": true, "lightrange": "UNLIMITED",
        "specularpowerzero": "NOSPECULAR", "spotfalloff": "LINEAR"},
      "lights": [{"index": 5, "type": "SPOT", "diffuse": [1, 0.5, 0.25, 1], "specular": "0x80ff0000",
                  "position": [1, 2, 3], "direction": [0, 0, 1], "range": 9, "falloff": 2,
                  "attenuation0": 1, "attenuation1": 0.5, "attenuation2": 0.25, "theta": 0.5, "phi": 1},
                 {"index": 1, "enable": false}],
      "material": {"diffuse": [0.1, 0.2, 0.3, 0.4], "emissive": "0xff0000ff", "power": 12})");
    const VertexProcessingState& v = s.draws[0].state.vertex;
    CHECK(v.lighting);
    CHECK(v.ambient == 0xff804020u);
    CHECK_FALSE(v.colorVertex);
    CHECK(v.diffuseMaterialSource == MaterialColorSource::Color2);
    CHECK_FALSE(v.localViewer);
    CHECK(v.normalizeNormals);
    CHECK(v.options.lightRange == LightRangeRule::Unlimited);
    CHECK(v.options.specularPowerZero == SpecularPowerZero::NoSpecular);
    CHECK(v.options.spotFalloff == SpotFalloffRule::Linear);
    const Light& l = v.lights[5];
    CHECK(v.lightEnabled[5]);
    CHECK(l.type == LightType::Spot);
    CHECK(l.diffuse.g == 0.5f);
    CHECK(l.specular.r == 1.0f);  // D3DCOLOR 0x80ff0000: r 255/255, a 128/255
    CHECK(l.specular.a == 128.0f / 255.0f);
    CHECK(l.position == Vec3(1, 2, 3));
    CHECK(l.range == 9.0f);
    CHECK(l.attenuation2 == 0.25f);
    CHECK(l.phi == 1.0f);
    // Index 1 is set but disabled, with the default light's fields.
    CHECK_FALSE(v.lightEnabled[1]);
    CHECK(v.lights[1].type == LightType::Directional);
    CHECK(v.lights[1].diffuse.r == 1.0f);
    CHECK(v.material.diffuse.a == 0.4f);
    CHECK(v.material.emissive.b == 1.0f);
    CHECK(v.material.power == 12.0f);
}

TEST_CASE("formats/vertex_processing_json: what SetLight rejects is an error naming the entry") {
    CHECK(errorOf(R"(, "lights": [{"index": 0, "type": "POINT", "range": 5}])") ==
          "/draws/0/lights/0: a point or spot light needs a non-zero attenuation0, attenuation1 or attenuation2 (1/0 is undefined)");
    CHECK(errorOf(R"(, "lights": [{"index": 0, "type": "SPOT", "attenuation0": 1, "theta": 1, "phi": 0.5}])") ==
          "/draws/0/lights/0: a spot light needs theta <= phi (the inner cone inside the outer one)");
    CHECK(errorOf(R"(, "lights": [{"index": 0, "direction": [0, 0, 0]}])") ==
          "/draws/0/lights/0: a directional or spot light needs a non-zero direction");
    CHECK(errorOf(R"(, "lights": [{"index": 0}, {"index": 0}])") == "/draws/0/lights/1/index: light 0 is given twice");
    CHECK(errorOf(R"(, "lights": [{"index": 8}])").rfind("/draws/0/lights/0/index:", 0) == 0);
    CHECK(errorOf(R"(, "lights": [{"index": 0, "type": "AREA"}])") ==
          "/draws/0/lights/0/type: unknown light type \"AREA\" (expected one of POINT, SPOT, DIRECTIONAL)");
    CHECK(errorOf(R"(, "material": {"shininess": 3})").rfind("/draws/0/material/shininess: unknown key", 0) == 0);
}

TEST_CASE("formats/vertex_processing_json: version 2 SetLight, LightEnable, SetMaterial, SetTransform TEXTUREn") {
    TempDir dir;
    const std::string json = R"({"refrast_scene": 2, "surfaces": [{"name": "rt", "format": "X8R8G8B8", "width": 4, "height": 4}],
 "commands": [
  {"SetFVF": "XYZ|NORMAL"},
  {"DrawPrimitiveUP": {"primitive": "TRIANGLELIST", "primitive_count": 1,
                       "vertices": [[0,0,0.5, 0,0,-1], [1,0,0.5, 0,0,-1], [0,1,0.5, 0,0,-1]]}},
  {"SetLight": {"index": 2, "type": "POINT", "position": [0, 0, -1], "range": 5, "attenuation0": 1}},
  {"LightEnable": {"index": 2, "enable": true}},
  {"LightEnable": {"index": 4, "enable": true}},
  {"SetMaterial": {"diffuse": [1, 0.5, 0.25, 1], "power": 8}},
  {"SetRenderState": {"D3DRS_AMBIENT": "0xff101010", "normalizenormals": "TRUE"}},
  {"SetTransform": {"state": "D3DTS_TEXTURE1", "matrix": [2,0,0,0, 0,2,0,0, 0,0,1,0, 0,0,0,1]}},
  {"DrawPrimitiveUP": {"primitive": "TRIANGLELIST", "primitive_count": 1,
                       "vertices": [[0,0,0.5, 0,0,-1], [1,0,0.5, 0,0,-1], [0,1,0.5, 0,0,-1]]}}]})";
    const Scene s = loadScene(dir.write("scene.json", json));
    REQUIRE(s.draws.size() == 2);
    CHECK(s.draws[0].state.vertex.lighting);  // D3D9's device default
    CHECK_FALSE(s.draws[0].state.vertex.lightEnabled[2]);
    const VertexProcessingState& v = s.draws[1].state.vertex;
    CHECK(v.lightEnabled[2]);
    CHECK(v.lights[2].type == LightType::Point);
    CHECK(v.lights[2].range == 5.0f);
    CHECK(v.lightEnabled[4]);  // never set: the default directional light
    CHECK(v.lights[4].type == LightType::Directional);
    CHECK(v.material.diffuse.g == 0.5f);
    CHECK(v.material.power == 8.0f);
    CHECK(v.ambient == 0xff101010u);
    CHECK(v.normalizeNormals);
    CHECK(s.draws[1].state.pixel.textures[1].texcoord.textureTransform(0, 0) == 2.0f);
}
