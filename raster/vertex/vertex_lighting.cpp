// SPDX-License-Identifier: MIT
#include "raster/vertex/vertex_lighting.h"

#include "raster/pixel/rgba.h"
#include "raster/vertex/blinn_half_vector.h"
#include "raster/vertex/light_attenuation.h"
#include "raster/vertex/lighting_pow.h"
#include "raster/vertex/lighting_vector.h"

namespace refrast {

namespace {

float sat(float v) { return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f; }  // NaN -> 0

Vec3 rowTimes(const Vec3& v, float w, const Mat4& m) {
    const Vec4 r = transformRow(Vec4(v.x(), v.y(), v.z(), w), m);
    return Vec3(r.x(), r.y(), r.z());
}

struct Sums {
    float ar = 0, ag = 0, ab = 0;  // Σ La·Atten·Spot
    float dr = 0, dg = 0, db = 0;  // Σ Ld·(N·L)·Atten·Spot
    float sr = 0, sg = 0, sb = 0;  // Σ Ls·(N·H)^P·Atten·Spot
};

// The direction from the vertex towards the light and Atten·Spot (0: no light).
float towardsLight(const CameraLight& cl, const LightRangeRule range, SpotFalloffRule falloff, const Vec3& posView,
                   Vec3& lightDir) {
    if (cl.light.type == LightType::Directional) {
        lightDir = Vec3(-cl.dirView.x(), -cl.dirView.y(), -cl.dirView.z());
        return 1.0f;
    }
    const Vec3 toLight(cl.posView.x() - posView.x(), cl.posView.y() - posView.y(), cl.posView.z() - posView.z());
    const float d = length3(toLight);
    lightDir = normalize3(toLight);  // a vertex at the light: zero, so N·L = 0
    const float atten = lightAttenuation(cl.light, d, range);
    if (cl.light.type != LightType::Spot || atten == 0.0f) return atten;
    // rho: the spot direction against the light-to-vertex direction (−Ldir).
    const float rho = -dot3(cl.dirView, lightDir);
    return atten * spotFactor(cl.cone, rho, falloff);
}

void addLight(const LightingSetup& s, const CameraLight& cl, const Vec3& posView, const Vec3& n, bool withSpecular,
              Sums& sum) {
    Vec3 lightDir;
    const float k = towardsLight(cl, s.options.lightRange, s.options.spotFalloff, posView, lightDir);
    if (k == 0.0f) return;
    const Light& l = cl.light;
    sum.ar += l.ambient.r * k;
    sum.ag += l.ambient.g * k;
    sum.ab += l.ambient.b * k;
    const float nDotL = dot3(n, lightDir);
    if (!(nDotL > 0.0f)) return;
    const float kd = nDotL * k;
    sum.dr += l.diffuse.r * kd;
    sum.dg += l.diffuse.g * kd;
    sum.db += l.diffuse.b * kd;
    if (!withSpecular) return;
    if (s.power == 0.0f && s.options.specularPowerZero == SpecularPowerZero::NoSpecular) return;
    const float nDotH = dot3(n, blinnHalfVector(lightDir, posView, s.localViewer));
    if (!(nDotH > 0.0f)) return;
    const float ks = lightingPow(nDotH, s.power) * k;
    sum.sr += l.specular.r * ks;
    sum.sg += l.specular.g * ks;
    sum.sb += l.specular.b * ks;
}

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

LitColors lightVertex(const LightingSetup& s, const MaterialColors& m, const Vec3& posView, const Vec3& nView,
                      bool withSpecular) {
    Sums sum;
    sum.ar = s.globalAmbient.r;
    sum.ag = s.globalAmbient.g;
    sum.ab = s.globalAmbient.b;
    for (int i = 0; i < s.count; ++i) addLight(s, s.lights[size_t(i)], posView, nView, withSpecular, sum);
    LitColors out;
    out.diffuse = {sat((m.emissive.r + m.ambient.r * sum.ar) + m.diffuse.r * sum.dr),
                   sat((m.emissive.g + m.ambient.g * sum.ag) + m.diffuse.g * sum.dg),
                   sat((m.emissive.b + m.ambient.b * sum.ab) + m.diffuse.b * sum.db), sat(m.diffuse.a)};
    out.specular = {sat(m.specular.r * sum.sr), sat(m.specular.g * sum.sg), sat(m.specular.b * sum.sb), 0.0f};
    return out;
}

}  // namespace refrast
