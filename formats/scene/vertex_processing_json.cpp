// SPDX-License-Identifier: MIT
// Spec: D3DRENDERSTATETYPE (lighting states), D3DLIGHT9, D3DMATERIAL9;
// docs/scene-format.md "lights" and "material".
#include "formats/scene/vertex_processing_json.h"

#include <cmath>
#include <string>

namespace refrast::scene_json {

namespace {

constexpr double kPi = 3.14159265358979323846;

MaterialColorSource parseSource(json::Node n) {
    return n.kind("material colour source", "D3DMATERIALCOLORSOURCE")
        .asEnum<MaterialColorSource>({{"MATERIAL", MaterialColorSource::Material},
                                      {"COLOR1", MaterialColorSource::Color1},
                                      {"COLOR2", MaterialColorSource::Color2}});
}

void parseLightingOptions(json::Object& o, LightingOptions& out) {
    if (auto n = o.optional("lightrange"))
        out.lightRange = n->kind("light range rule")
                             .asEnum<LightRangeRule>({{"CUTOFF", LightRangeRule::Cutoff}, {"UNLIMITED", LightRangeRule::Unlimited}});
    if (auto n = o.optional("specularpowerzero"))
        out.specularPowerZero = n->kind("specular power zero rule")
                                    .asEnum<SpecularPowerZero>({{"ONE", SpecularPowerZero::One},
                                                                {"NOSPECULAR", SpecularPowerZero::NoSpecular}});
    if (auto n = o.optional("spotfalloff"))
        out.spotFalloff = n->kind("spot falloff rule")
                              .asEnum<SpotFalloffRule>({{"POWER", SpotFalloffRule::Power}, {"LINEAR", SpotFalloffRule::Linear}});
}

Vec3 parseVector(const json::Node& node) {
    const std::vector<float> v = node.asFloatArray(3, 3);
    return Vec3(v[0], v[1], v[2]);
}

// The checks of D3D9's SetLight (and what its D3DLIGHT9 doc gives as ranges).
void validateLight(const Light& l, const json::Node& node) {
    if (l.type != LightType::Directional) {
        if (l.attenuation0 < 0 || l.attenuation1 < 0 || l.attenuation2 < 0)
            node.fail("attenuation0/1/2 must not be negative");
        if (l.attenuation0 == 0 && l.attenuation1 == 0 && l.attenuation2 == 0)
            node.fail("a point or spot light needs a non-zero attenuation0, attenuation1 or attenuation2 (1/0 is undefined)");
    }
    if (l.type != LightType::Point && l.direction.x() == 0 && l.direction.y() == 0 && l.direction.z() == 0)
        node.fail("a directional or spot light needs a non-zero direction");
    if (l.type == LightType::Spot && !(l.theta <= l.phi))
        node.fail("a spot light needs theta <= phi (the inner cone inside the outer one)");
}

}  // namespace

void parseVertexProcessingState(json::Object& o, VertexProcessingState& out) {
    if (auto n = o.optional("lighting")) out.lighting = n->asBool();
    if (auto n = o.optional("ambient")) out.ambient = n->asColor32();
    if (auto n = o.optional("colorvertex")) out.colorVertex = n->asBool();
    if (auto n = o.optional("diffusematerialsource")) out.diffuseMaterialSource = parseSource(*n);
    if (auto n = o.optional("specularmaterialsource")) out.specularMaterialSource = parseSource(*n);
    if (auto n = o.optional("ambientmaterialsource")) out.ambientMaterialSource = parseSource(*n);
    if (auto n = o.optional("emissivematerialsource")) out.emissiveMaterialSource = parseSource(*n);
    if (auto n = o.optional("localviewer")) out.localViewer = n->asBool();
    if (auto n = o.optional("normalizenormals")) out.normalizeNormals = n->asBool();
    if (auto n = o.optional("clipplaneenable")) {
        out.clipPlaneEnable = uint32_t(n->asInt(0, 0xFFFFFFFFll));
        if (out.clipPlaneEnable >> kMaxUserClipPlanes)
            n->fail("bits above D3DCLIPPLANE5 set: the device has 6 user clip planes (D3DCAPS9.MaxUserClipPlanes)");
    }
    if (auto n = o.optional("vertexblend"))
        out.vertexBlend = n->kind("vertex blend flag", "D3DVERTEXBLENDFLAGS")
                              .asEnum<VertexBlend>({{"DISABLE", VertexBlend::Disable},
                                                    {"1WEIGHTS", VertexBlend::Weights1},
                                                    {"2WEIGHTS", VertexBlend::Weights2},
                                                    {"3WEIGHTS", VertexBlend::Weights3},
                                                    {"0WEIGHTS", VertexBlend::Weights0}});
    if (auto n = o.optional("indexedvertexblendenable")) out.indexedVertexBlendEnable = n->asBool();
    if (auto n = o.optional("cliptlverts")) out.clipTLVerts = n->asBool();  // a device option, not a D3DRS
    parseLightingOptions(o, out.options);
}

ColorValue parseColorValue(const json::Node& node) {
    if (!node.isArray()) {
        const uint32_t c = node.asColor32();
        return {float((c >> 16) & 0xFF) / 255.0f, float((c >> 8) & 0xFF) / 255.0f, float(c & 0xFF) / 255.0f,
                float(c >> 24) / 255.0f};
    }
    const std::vector<float> v = node.asFloatArray(4, 4);
    return {v[0], v[1], v[2], v[3]};
}

Light parseLightFields(json::Object& o) {
    Light l;
    if (auto n = o.optional("type"))
        l.type = n->kind("light type").asEnum<LightType>(
            {{"POINT", LightType::Point}, {"SPOT", LightType::Spot}, {"DIRECTIONAL", LightType::Directional}});
    if (auto n = o.optional("diffuse")) l.diffuse = parseColorValue(*n);
    if (auto n = o.optional("specular")) l.specular = parseColorValue(*n);
    if (auto n = o.optional("ambient")) l.ambient = parseColorValue(*n);
    if (auto n = o.optional("position")) l.position = parseVector(*n);
    if (auto n = o.optional("direction")) l.direction = parseVector(*n);
    // Range: 0 ..sqrt(FLT_MAX), as SetLight checks.
    if (auto n = o.optional("range")) l.range = n->asFloat(0.0, std::sqrt(3.402823466e38));
    if (auto n = o.optional("falloff")) l.falloff = n->asFloat(0.0, 1e6);
    if (auto n = o.optional("attenuation0")) l.attenuation0 = n->asFloat();
    if (auto n = o.optional("attenuation1")) l.attenuation1 = n->asFloat();
    if (auto n = o.optional("attenuation2")) l.attenuation2 = n->asFloat();
    if (auto n = o.optional("theta")) l.theta = n->asFloat(0.0, kPi);
    if (auto n = o.optional("phi")) l.phi = n->asFloat(0.0, kPi);
    validateLight(l, o.node());
    return l;
}

void parseLights(const json::Node& node, VertexProcessingState& out) {
    std::array<bool, kMaxActiveLights> seen{};
    for (const json::Node& entry : node.asArray(0, kMaxActiveLights)) {
        json::Object o(entry);
        const json::Node indexNode = o.required("index");
        const size_t index = size_t(indexNode.asInt(0, kMaxActiveLights - 1));
        if (seen[index]) indexNode.fail("light " + std::to_string(index) + " is given twice");
        seen[index] = true;
        out.lightEnabled[index] = true;
        if (auto n = o.optional("enable")) out.lightEnabled[index] = n->asBool();
        out.lights[index] = parseLightFields(o);
        o.finish();
    }
}

void setLightCommand(const json::Node& arg, VertexProcessingState& out) {
    json::Object o(arg);
    const size_t index = size_t(o.required("index").asInt(0, kMaxActiveLights - 1));
    out.lights[index] = parseLightFields(o);
    o.finish();
}

void lightEnableCommand(const json::Node& arg, VertexProcessingState& out) {
    json::Object o(arg);
    const size_t index = size_t(o.required("index").asInt(0, kMaxActiveLights - 1));
    out.lightEnabled[index] = o.required("enable").asBool();
    o.finish();
}

namespace {
Vec4 parsePlane(const json::Node& node) {
    const std::vector<float> v = node.asFloatArray(4, 4);
    return Vec4(v[0], v[1], v[2], v[3]);
}
}  // namespace

void parseClipPlanes(const json::Node& node, VertexProcessingState& out) {
    const std::vector<json::Node> planes = node.asArray(0, kMaxUserClipPlanes);
    for (size_t i = 0; i < planes.size(); ++i) out.clipPlanes[i] = parsePlane(planes[i]);
}

void setClipPlaneCommand(const json::Node& arg, VertexProcessingState& out) {
    json::Object o(arg);
    const size_t index = size_t(o.required("index").asInt(0, kMaxUserClipPlanes - 1));
    out.clipPlanes[index] = parsePlane(o.required("plane"));
    o.finish();
}

Material parseMaterial(const json::Node& node) {
    json::Object o(node);
    Material m;
    if (auto n = o.optional("diffuse")) m.diffuse = parseColorValue(*n);
    if (auto n = o.optional("ambient")) m.ambient = parseColorValue(*n);
    if (auto n = o.optional("specular")) m.specular = parseColorValue(*n);
    if (auto n = o.optional("emissive")) m.emissive = parseColorValue(*n);
    if (auto n = o.optional("power")) m.power = n->asFloat();
    o.finish();
    return m;
}

}  // namespace refrast::scene_json
