// SPDX-License-Identifier: MIT
#include "raster/vertex/vertex_lighting.h"

#include "raster/pixel/rgba.h"
#include "raster/vertex/lighting_vector.h"

namespace refrast {

namespace {

Vec3 rowTimes(const Vec3& v, float w, const Mat4& m) {
    const Vec4 r = transformRow(Vec4(v.x(), v.y(), v.z(), w), m);
    return Vec3(r.x(), r.y(), r.z());
}

void copy3(const Vec3& v, float out[3]) { out[0] = v.x(), out[1] = v.y(), out[2] = v.z(); }
void copy3(const ColorValue& c, float out[3]) { out[0] = c.r, out[1] = c.g, out[2] = c.b; }
void copy4(const ColorValue& c, float out[4]) { out[0] = c.r, out[1] = c.g, out[2] = c.b, out[3] = c.a; }

}  // namespace

LightingSetup setupLighting(const VertexProcessingState& state, const Mat4& view) {
    LightingSetup s;
    const Rgba ga = decodeD3DColor(state.ambient);
    s.globalAmbient = {ga.r, ga.g, ga.b, ga.a};
    s.localViewer = state.localViewer;
    s.power = state.material.power;
    s.options = state.options;
    for (int i = 0; i < kMaxActiveLights; ++i) {
        if (!state.lightEnabled[size_t(i)]) continue;
        CameraLight& cl = s.lights[size_t(s.count++)];
        cl.light = state.lights[size_t(i)];
        cl.posView = rowTimes(cl.light.position, 1.0f, view);
        cl.dirView = normalize3(rowTimes(cl.light.direction, 0.0f, view));
        cl.cone = makeSpotCone(cl.light);
    }
    return s;
}

KernelLight kernelLight(const CameraLight& cl) {
    KernelLight k;
    const Light& l = cl.light;
    k.type = l.type;
    copy3(cl.posView, k.position);
    copy3(cl.dirView, k.direction);
    copy3(l.ambient, k.ambient);
    copy3(l.diffuse, k.diffuse);
    copy3(l.specular, k.specular);
    k.range = l.range;
    k.attenuation0 = l.attenuation0, k.attenuation1 = l.attenuation1, k.attenuation2 = l.attenuation2;
    k.cosHalfTheta = cl.cone.cosHalfTheta, k.cosHalfPhi = cl.cone.cosHalfPhi, k.falloff = cl.cone.falloff;
    return k;
}

namespace {
// Everything of LightingKernel but the material colours and the normals.
LightingKernel lightsOf(const LightingSetup& s, bool specularRead) {
    LightingKernel k;
    k.count = s.count;
    for (int i = 0; i < s.count; ++i) k.lights[i] = kernelLight(s.lights[size_t(i)]);
    copy3(s.globalAmbient, k.globalAmbient);
    k.localViewer = s.localViewer;
    k.rangeCutoff = s.options.lightRange == LightRangeRule::Cutoff;
    k.spotLinear = s.options.spotFalloff == SpotFalloffRule::Linear;
    k.specular = specularRead && !(s.power == 0.0f && s.options.specularPowerZero == SpecularPowerZero::NoSpecular);
    k.power = s.power;
    return k;
}
}  // namespace

LightingKernel lightingKernel(const LightingSetup& setup, const VertexProcessingState& state,
                              const NormalMatrix& normals, NormalInput normalInput, bool vertexDiffuse,
                              bool vertexSpecular, bool specularRead) {
    LightingKernel k = lightsOf(setup, specularRead);
    const Material& m = state.material;
    const MaterialColorSource sources[4] = {state.diffuseMaterialSource, state.ambientMaterialSource,
                                            state.specularMaterialSource, state.emissiveMaterialSource};
    const ColorValue* own[4] = {&m.diffuse, &m.ambient, &m.specular, &m.emissive};
    for (int c = 0; c < 4; ++c) {
        k.source[c] = materialInput(sources[c], state.colorVertex, vertexDiffuse, vertexSpecular);
        copy4(*own[c], k.material[c]);
    }
    k.normals = normalInput;
    k.normalize = state.normalizeNormals;
    for (size_t i = 0; i < 9; ++i) k.normalMatrix[i] = normals.m[i];
    return k;
}

#define REFRAST_LIGHTING_KERNEL(ns) \
    namespace ns {                  \
    void lightVertices(const LightingKernel&, const LightingBatch&, size_t); \
    }
REFRAST_LIGHTING_KERNEL(lanes_scalar)
REFRAST_LIGHTING_KERNEL(lanes_sse)
REFRAST_LIGHTING_KERNEL(lanes_avx2)
REFRAST_LIGHTING_KERNEL(lanes_avx512)
#undef REFRAST_LIGHTING_KERNEL

void lightVertices(SimdLevel level, const LightingKernel& k, const LightingBatch& b, size_t count) {
    switch (level) {
        case SimdLevel::Scalar: return lanes_scalar::lightVertices(k, b, count);
        case SimdLevel::Sse: return lanes_sse::lightVertices(k, b, count);
        case SimdLevel::Avx2: return lanes_avx2::lightVertices(k, b, count);
        case SimdLevel::Avx512: return lanes_avx512::lightVertices(k, b, count);
    }
}

void lightVertices(const LightingKernel& k, const LightingBatch& b, size_t count) {
    lightVertices(simdLevel(), k, b, count);
}

// The kernel at width 1 for one vertex with the material colours given.
LitColors lightVertex(const LightingSetup& s, const MaterialColors& m, const Vec3& posView, const Vec3& nView,
                      bool withSpecular) {
    LightingKernel k = lightsOf(s, withSpecular);
    const ColorValue* colors[4] = {&m.diffuse, &m.ambient, &m.specular, &m.emissive};
    for (int c = 0; c < 4; ++c) copy4(*colors[c], k.material[c]);  // source: MaterialInput::Material
    k.normals = NormalInput::View;
    const float pos[4] = {posView.x(), posView.y(), posView.z(), 1.0f};
    float normal[3];
    copy3(nView, normal);
    float varyings[8] = {};
    LightingBatch b;
    b.posView = pos;
    b.normal = normal;
    b.varyings = varyings;
    b.stride = 8;
    b.specularAt = 4;
    lanes_scalar::lightVertices(k, b, 1);
    LitColors out;
    out.diffuse = {varyings[0], varyings[1], varyings[2], varyings[3]};
    out.specular = {varyings[4], varyings[5], varyings[6], 0.0f};
    return out;
}

}  // namespace refrast
