// SPDX-License-Identifier: MIT
// Per-vertex lighting over lanes (raster/vertex/vertex_lighting.h): included
// once by each vertex_lighting_<level>.cpp after it sets
// REFRAST_LANES_TARGET. Each lane is one vertex and does the lighting
// formulas' IEEE operations in their order (docs/fixed-function.md §16); the
// scalar functions (lightVertex, lightAttenuation, spotFactor,
// blinnHalfVector) are this source at width 1. Where the scalar formula
// stops early for a vertex (a light that adds nothing, N·L ≤ 0, N·H ≤ 0), the
// lanes compute on and keep the sum they had (select), so every lane ends
// with the scalar formula's bits. lightingPow is this file's x^p at width 1.
#include "raster/lanes/lanes.h"
#include "raster/math/log2_fixed.inl"
#include "raster/pixel/det_math.inl"
#include "raster/vertex/lighting_pow.h"
#include "raster/vertex/vertex_lighting.h"
#include "raster/vertex/vertex_stage.h"

namespace refrast::REFRAST_LANES_NS {

namespace {

struct V3 {
    F x, y, z;
};

V3 splat3(const float v[3]) { return {splat(v[0]), splat(v[1]), splat(v[2])}; }

// (a.x·b.x + a.y·b.y) + a.z·b.z (raster/vertex/lighting_vector.h's dot3).
F dot(const V3& a, const V3& b) { return (a.x * b.x + a.y * b.y) + a.z * b.z; }

// v / |v| per component; the zero vector (or a NaN length) gives (0, 0, 0)
// (lighting_vector.h's normalize3). `len` is |v|.
V3 divideByLength(const V3& v, F len) {
    const F zero = splat(0.0f);
    const Mask ok = len > zero;
    return {select(ok, v.x / len, zero), select(ok, v.y / len, zero), select(ok, v.z / len, zero)};
}
V3 normalized(const V3& v) { return divideByLength(v, sqrt(dot(v, v))); }

F sat(F v) {  // v > 0 ? (v < 1 ? v : 1) : 0, so NaN -> 0
    const F zero = splat(0.0f), one = splat(1.0f);
    return select(v > zero, select(v < one, v, one), zero);
}

// x^p (lighting_pow.h, R-17) for the lanes of `used`; the others get 0.
// p = 0: 1; x ≤ 0 or NaN: 0; else detExp(float(p · log2Fixed(x, 24) · ln 2 / 2^24))
// with the product in double: log2Fixed over lanes (raster/math/log2_fixed.inl),
// its int32 steps widened exactly to double lanes, and detExp over lanes
// (raster/pixel/det_math.inl).
F powLanes(F x, float p, Mask used) {
    const F zero = splat(0.0f), one = splat(1.0f);
    if (p == 0.0f) return select(used, one, zero);
    const Mask positive = used & (x > zero);
    const F xs = select(positive, x, one);  // lanes without a logarithm: any finite value
    D steps[kDoubleParts], arg[kDoubleParts];
    toDoubles(log2Fixed(xs, kLightingLogFractionBits), steps);
    for (int h = 0; h < kDoubleParts; ++h) arg[h] = splatD(double(p)) * steps[h] * splatD(kLn2PerLogStep);
    return select(positive, REFRAST_LANES_NS::detExp(fromDoubles(arg)), zero);
}

// Atten = 1 / ((a0 + a1·d) + a2·d²), 0 beyond Range under the cut-off rule
// (docs/fixed-function.md §16.3; a point or spot light).
F attenuation(const KernelLight& l, bool rangeCutoff, F d) {
    const F atten = splat(1.0f) / ((splat(l.attenuation0) + splat(l.attenuation1) * d) + splat(l.attenuation2) * (d * d));
    return rangeCutoff ? select(d > splat(l.range), splat(0.0f), atten) : atten;
}

// rho > cos(θ/2): 1; rho ≤ cos(φ/2): 0; else ((rho − cos(φ/2)) / (cos(θ/2) − cos(φ/2)))^Falloff
// (§16.4; Falloff read as 1 under the linear rule).
F spot(const KernelLight& l, bool linear, F rho) {
    const F cosTheta = splat(l.cosHalfTheta), cosPhi = splat(l.cosHalfPhi);
    const Mask inner = rho > cosTheta, outer = rho <= cosPhi;
    const F t = (rho - cosPhi) / (cosTheta - cosPhi);
    const F band = linear ? t : powLanes(t, l.falloff, !(inner | outer));
    return select(inner, splat(1.0f), select(outer, splat(0.0f), band));
}

// H = norm(norm(−posView) + Ldir), or norm((0, 0, −1) + Ldir) for an
// orthogonal viewer (§16.5).
V3 halfVector(const V3& lightDir, const V3& posView, bool localViewer) {
    const V3 toViewer = localViewer ? normalized(V3{-posView.x, -posView.y, -posView.z})
                                    : V3{splat(0.0f), splat(0.0f), splat(-1.0f)};
    return normalized(V3{toViewer.x + lightDir.x, toViewer.y + lightDir.y, toViewer.z + lightDir.z});
}

struct Sums {
    V3 ambient, diffuse, specular;  // Σ La·Atten·Spot, Σ Ld·(N·L)·Atten·Spot, Σ Ls·(N·H)^P·Atten·Spot
};

V3 addWhere(Mask m, const V3& sum, const float c[3], F k) {
    return {select(m, sum.x + splat(c[0]) * k, sum.x), select(m, sum.y + splat(c[1]) * k, sum.y),
            select(m, sum.z + splat(c[2]) * k, sum.z)};
}

void addLight(const LightingKernel& s, const KernelLight& l, const V3& posView, const V3& n, Sums& sum) {
    const F zero = splat(0.0f);
    V3 lightDir;
    F k;  // Atten·Spot: 0 for a light that adds nothing
    if (l.type == LightType::Directional) {
        lightDir = V3{-splat(l.direction[0]), -splat(l.direction[1]), -splat(l.direction[2])};
        k = splat(1.0f);
    } else {
        const V3 toLight{splat(l.position[0]) - posView.x, splat(l.position[1]) - posView.y,
                         splat(l.position[2]) - posView.z};
        const F d = sqrt(dot(toLight, toLight));
        lightDir = divideByLength(toLight, d);  // a vertex at the light: zero, so N·L = 0
        k = attenuation(l, s.rangeCutoff, d);
        if (l.type == LightType::Spot) {
            // rho: the spot direction against the light-to-vertex direction (−Ldir).
            const F rho = -dot(splat3(l.direction), lightDir);
            k = select(k == zero, k, k * spot(l, s.spotLinear, rho));
        }
    }
    const Mask lit = !(k == zero);
    sum.ambient = addWhere(lit, sum.ambient, l.ambient, k);
    const F nDotL = dot(n, lightDir);
    const Mask diffuse = lit & (nDotL > zero);
    sum.diffuse = addWhere(diffuse, sum.diffuse, l.diffuse, nDotL * k);
    if (!s.specular || !any(diffuse)) return;
    const F nDotH = dot(n, halfVector(lightDir, posView, s.localViewer));
    const Mask specular = diffuse & (nDotH > zero);
    if (!any(specular)) return;
    sum.specular = addWhere(specular, sum.specular, l.specular, powLanes(nDotH, s.power, specular) * k);
}

// Lanes of `count` records of `size` floats, `stride` floats apart (count ≤ kWidth; the rest 0).
void loadLanes(const float* p, size_t stride, int size, int count, F* out) {
    alignas(64) float lane[4][kWidth] = {};
    for (int k = 0; k < count; ++k)
        for (int c = 0; c < size; ++c) lane[c][k] = p[size_t(k) * stride + size_t(c)];
    for (int c = 0; c < size; ++c) out[c] = load(lane[c]);
}
void storeLanes(float* p, size_t stride, int size, int count, const F* in) {
    alignas(64) float lane[4][kWidth];
    for (int c = 0; c < size; ++c) store(lane[c], in[c]);
    for (int k = 0; k < count; ++k)
        for (int c = 0; c < size; ++c) p[size_t(k) * stride + size_t(c)] = lane[c][k];
}

// Four floats per record: the transposing loads of full groups.
void load4(const float* p, size_t stride, int count, F out[4]) {
    if (count == kWidth) loadRecords4(p, stride, out);
    else loadLanes(p, stride, 4, count, out);
}

// A vertex colour as a material colour: clamped to [0, 1] (R-14).
void materialColor(const LightingKernel& s, int which, const float* diffuse, const float* specular, size_t first,
                   int count, F out[4]) {
    const MaterialInput source = s.source[which];
    if (source == MaterialInput::Material) {
        for (int c = 0; c < 4; ++c) out[c] = splat(s.material[which][c]);
        return;
    }
    load4((source == MaterialInput::VertexDiffuse ? diffuse : specular) + first * 4, 4, count, out);
    for (int c = 0; c < 4; ++c) out[c] = sat(out[c]);
}

// The camera-space normal (§16.1): nObject · N, or the blended one; then
// normalised when NORMALIZENORMALS; (0, 0, 0) without a normal.
V3 viewNormal(const LightingKernel& s, const float* normal, size_t first, int count) {
    if (s.normals == NormalInput::None) return {splat(0.0f), splat(0.0f), splat(0.0f)};
    F n[3];
    loadLanes(normal + first * 3, 3, 3, count, n);
    V3 v{n[0], n[1], n[2]};
    if (s.normals == NormalInput::Object) {
        const float* m = s.normalMatrix;
        v = {(n[0] * splat(m[0]) + n[1] * splat(m[3])) + n[2] * splat(m[6]),
             (n[0] * splat(m[1]) + n[1] * splat(m[4])) + n[2] * splat(m[7]),
             (n[0] * splat(m[2]) + n[1] * splat(m[5])) + n[2] * splat(m[8])};
    }
    return s.normalize ? normalized(v) : v;
}

// Vertices [first, first + count), count ≤ kWidth.
void lightGroup(const LightingKernel& s, const LightingBatch& b, size_t first, int count) {
    F p[4];
    load4(b.posView + first * 4, 4, count, p);
    const V3 posView{p[0], p[1], p[2]};
    const V3 n = viewNormal(s, b.normal, first, count);
    Sums sum{splat3(s.globalAmbient), {splat(0.0f), splat(0.0f), splat(0.0f)}, {splat(0.0f), splat(0.0f), splat(0.0f)}};
    for (int i = 0; i < s.count; ++i) addLight(s, s.lights[i], posView, n, sum);
    F md[4], ma[4], ms[4], me[4];
    materialColor(s, 0, b.diffuse, b.specular, first, count, md);
    materialColor(s, 1, b.diffuse, b.specular, first, count, ma);
    materialColor(s, 3, b.diffuse, b.specular, first, count, me);
    // diffuse.rgb = sat((Ce + Ca·(Ga + Σ La·Atten·Spot)) + Cd·Σ Ld·(N·L)·Atten·Spot), alpha = Cd.a
    const F diffuse[4] = {sat((me[0] + ma[0] * sum.ambient.x) + md[0] * sum.diffuse.x),
                          sat((me[1] + ma[1] * sum.ambient.y) + md[1] * sum.diffuse.y),
                          sat((me[2] + ma[2] * sum.ambient.z) + md[2] * sum.diffuse.z), sat(md[3])};
    float* out = b.varyings + first * size_t(b.stride);
    if (count == kWidth) storeRecords4(out + VaryingLayout::kDiffuse, size_t(b.stride), diffuse);
    else storeLanes(out + VaryingLayout::kDiffuse, size_t(b.stride), 4, count, diffuse);
    if (b.specularAt < 0) return;
    materialColor(s, 2, b.diffuse, b.specular, first, count, ms);
    // specular.rgb = sat(Cs·Σ Ls·(N·H)^P·Atten·Spot); its alpha stays the vertex's.
    const F specular[3] = {sat(ms[0] * sum.specular.x), sat(ms[1] * sum.specular.y), sat(ms[2] * sum.specular.z)};
    storeLanes(out + b.specularAt, size_t(b.stride), 3, count, specular);
}

}  // namespace

void lightVertices(const LightingKernel& s, const LightingBatch& b, size_t count) {
    size_t i = 0;
    for (; i + size_t(kWidth) <= count; i += size_t(kWidth)) lightGroup(s, b, i, kWidth);
    if (i < count) lightGroup(s, b, i, int(count - i));
}

#if REFRAST_LANES_TARGET == 0
// The width-1 forms of the formulas (light_attenuation.h, spot_factor.h,
// blinn_half_vector.h): here F is float.
float attenuationLane(const KernelLight& l, bool rangeCutoff, float d) { return attenuation(l, rangeCutoff, d); }
float spotLane(const KernelLight& l, bool linear, float rho) { return spot(l, linear, rho); }
float powLane(float x, float p) { return powLanes(x, p, true); }
void halfVectorLane(const float lightDir[3], const float posView[3], bool localViewer, float out[3]) {
    const V3 h = halfVector({lightDir[0], lightDir[1], lightDir[2]}, {posView[0], posView[1], posView[2]}, localViewer);
    out[0] = h.x, out[1] = h.y, out[2] = h.z;
}
#endif

}  // namespace refrast::REFRAST_LANES_NS
