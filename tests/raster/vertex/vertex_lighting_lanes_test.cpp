// SPDX-License-Identifier: MIT
// The lighting kernel (raster/vertex/vertex_lighting.inl): every compiled
// width bit for bit against width 1 (the scalar lighting, lightVertex) over
// random lights of every type and option, material sources, normal inputs,
// special values (±0, ±inf, NaN, denormals) and batches of 1 to 37 vertices
// (odd tails); and width 1 of a batch against lightVertex per vertex.
#include "raster/vertex/vertex_lighting.h"

#include "raster/math/log2_fixed.h"
#include "raster/pixel/det_math.h"
#include "raster/vertex/lighting_pow.h"
#include "tests/raster/lanes/lane_values.h"

#include <doctest/doctest.h>

#include <random>
#include <vector>

using namespace refrast;

namespace {

// Mostly ordinary camera-space values (so lights reach the vertices and the
// falloff and specular paths run), some specials and random bit patterns.
float value(std::mt19937& rng) {
    if (rng() % 8 == 0) return pick(rng);
    return std::uniform_real_distribution<float>(-3.0f, 3.0f)(rng);
}

KernelLight randomLight(std::mt19937& rng) {
    KernelLight l;
    l.type = LightType(1 + rng() % 3);  // D3DLIGHT_POINT 1, SPOT 2, DIRECTIONAL 3
    for (int c = 0; c < 3; ++c) {
        l.position[c] = value(rng);
        l.direction[c] = value(rng);
        l.ambient[c] = value(rng) * 0.3f;
        l.diffuse[c] = value(rng);
        l.specular[c] = value(rng);
    }
    l.range = rng() % 4 == 0 ? pick(rng) : std::uniform_real_distribution<float>(0.5f, 6.0f)(rng);
    l.attenuation0 = std::uniform_real_distribution<float>(0.0f, 1.0f)(rng);
    l.attenuation1 = rng() % 5 == 0 ? pick(rng) : std::uniform_real_distribution<float>(0.0f, 1.0f)(rng);
    l.attenuation2 = std::uniform_real_distribution<float>(0.0f, 1.0f)(rng);
    l.cosHalfPhi = std::uniform_real_distribution<float>(-0.5f, 0.9f)(rng);
    l.cosHalfTheta = rng() % 6 == 0 ? l.cosHalfPhi : std::uniform_real_distribution<float>(l.cosHalfPhi, 1.0f)(rng);
    l.falloff = rng() % 4 == 0 ? 0.0f : std::uniform_real_distribution<float>(0.0f, 8.0f)(rng);
    return l;
}

LightingKernel randomKernel(std::mt19937& rng) {
    LightingKernel k;
    k.count = int(rng() % (kMaxActiveLights + 1));
    for (int i = 0; i < k.count; ++i) k.lights[i] = randomLight(rng);
    for (float& g : k.globalAmbient) g = std::uniform_real_distribution<float>(0.0f, 0.5f)(rng);
    k.localViewer = rng() % 2;
    k.rangeCutoff = rng() % 2;
    k.spotLinear = rng() % 3 == 0;
    k.specular = rng() % 4 != 0;
    k.power = rng() % 5 == 0 ? 0.0f : std::uniform_real_distribution<float>(0.0f, 40.0f)(rng);
    for (int c = 0; c < 4; ++c) {
        k.source[c] = MaterialInput(rng() % 3);
        for (float& m : k.material[c]) m = value(rng);
    }
    k.normals = NormalInput(rng() % 3);
    k.normalize = rng() % 2;
    for (float& m : k.normalMatrix) m = value(rng);
    return k;
}

struct Inputs {
    std::vector<float> posView, normal, diffuse, specular;
};

Inputs randomInputs(std::mt19937& rng, size_t n) {
    Inputs in{std::vector<float>(n * 4), std::vector<float>(n * 3), std::vector<float>(n * 4), std::vector<float>(n * 4)};
    for (float& f : in.posView) f = value(rng);
    for (float& f : in.normal) f = value(rng);
    for (float& f : in.diffuse) f = rng() % 6 == 0 ? pick(rng) : std::uniform_real_distribution<float>(-0.2f, 1.2f)(rng);
    for (float& f : in.specular) f = rng() % 6 == 0 ? pick(rng) : std::uniform_real_distribution<float>(-0.2f, 1.2f)(rng);
    return in;
}

constexpr int kStride = 11;  // varyings: diffuse at 0, specular at 5, the rest untouched

std::vector<float> run(SimdLevel level, const LightingKernel& k, const Inputs& in, size_t n, int specularAt) {
    std::vector<float> varyings(n * kStride, -7.0f);
    LightingBatch b;
    b.posView = in.posView.data();
    b.normal = in.normal.data();
    b.diffuse = in.diffuse.data();
    b.specular = in.specular.data();
    b.varyings = varyings.data();
    b.stride = kStride;
    b.specularAt = specularAt;
    lightVertices(level, k, b, n);
    return varyings;
}

}  // namespace

TEST_CASE("vertex/lighting lanes: every SIMD width gives width 1's bits, odd tails and specials included") {
    std::mt19937 rng(20261202);
    int compared = 0;
    for (int round = 0; round < 300; ++round) {
        const LightingKernel k = randomKernel(rng);
        const size_t n = 1 + rng() % 37;
        const Inputs in = randomInputs(rng, n);
        const int specularAt = rng() % 4 == 0 ? -1 : 5;
        const std::vector<float> want = run(SimdLevel::Scalar, k, in, n, specularAt);
        for (SimdLevel level : kWide) {
            if (!cpuSupports(level)) continue;
            CAPTURE(simdLevelName(level));
            CAPTURE(round);
            CAPTURE(n);
            const std::vector<float> got = run(level, k, in, n, specularAt);
            CHECK(sameBits(got.data(), want.data(), int(got.size())));
            ++compared;
        }
    }
    // The SSE kernel at least runs on every x86-64 machine this project targets.
    CHECK(compared >= 300);
}

TEST_CASE("vertex/lighting lanes: a batch at width 1 is lightVertex vertex by vertex") {
    // lightVertex takes material colours and a camera-space normal: a kernel
    // with material sources and NormalInput::View is the same computation.
    std::mt19937 rng(7);
    for (int round = 0; round < 50; ++round) {
        LightingKernel k = randomKernel(rng);
        for (auto& s : k.source) s = MaterialInput::Material;
        k.normals = NormalInput::View;
        k.normalize = false;
        LightingSetup setup;
        setup.count = k.count;
        setup.localViewer = k.localViewer;
        setup.power = k.power;
        setup.options.lightRange = k.rangeCutoff ? LightRangeRule::Cutoff : LightRangeRule::Unlimited;
        setup.options.spotFalloff = k.spotLinear ? SpotFalloffRule::Linear : SpotFalloffRule::Power;
        setup.globalAmbient = {k.globalAmbient[0], k.globalAmbient[1], k.globalAmbient[2], 1.0f};
        for (int i = 0; i < k.count; ++i) {
            const KernelLight& l = k.lights[i];
            CameraLight& cl = setup.lights[size_t(i)];
            cl.light.type = l.type;
            cl.light.ambient = {l.ambient[0], l.ambient[1], l.ambient[2], 1.0f};
            cl.light.diffuse = {l.diffuse[0], l.diffuse[1], l.diffuse[2], 1.0f};
            cl.light.specular = {l.specular[0], l.specular[1], l.specular[2], 1.0f};
            cl.light.range = l.range;
            cl.light.attenuation0 = l.attenuation0, cl.light.attenuation1 = l.attenuation1;
            cl.light.attenuation2 = l.attenuation2;
            cl.posView = Vec3(l.position[0], l.position[1], l.position[2]);
            cl.dirView = Vec3(l.direction[0], l.direction[1], l.direction[2]);
            cl.cone = {l.cosHalfTheta, l.cosHalfPhi, l.falloff};
        }
        k.specular = true;  // lightVertex(…, withSpecular = true) with the option at its default
        setup.options.specularPowerZero = SpecularPowerZero::One;
        MaterialColors m;
        ColorValue* colors[4] = {&m.diffuse, &m.ambient, &m.specular, &m.emissive};
        for (int c = 0; c < 4; ++c)
            *colors[c] = {k.material[c][0], k.material[c][1], k.material[c][2], k.material[c][3]};
        const size_t n = 9;
        const Inputs in = randomInputs(rng, n);
        const std::vector<float> batch = run(SimdLevel::Scalar, k, in, n, 5);
        for (size_t i = 0; i < n; ++i) {
            const LitColors c = lightVertex(setup, m, Vec3(in.posView[i * 4], in.posView[i * 4 + 1], in.posView[i * 4 + 2]),
                                            Vec3(in.normal[i * 3], in.normal[i * 3 + 1], in.normal[i * 3 + 2]), true);
            const float one[7] = {c.diffuse.r, c.diffuse.g, c.diffuse.b, c.diffuse.a, c.specular.r, c.specular.g, c.specular.b};
            const float fromBatch[7] = {batch[i * kStride], batch[i * kStride + 1], batch[i * kStride + 2],
                                        batch[i * kStride + 3], batch[i * kStride + 5], batch[i * kStride + 6],
                                        batch[i * kStride + 7]};
            CHECK(sameBits(one, fromBatch, 7));
            CHECK(batch[i * kStride + 4] == -7.0f);  // between diffuse and specular: untouched
            CHECK(batch[i * kStride + 8] == -7.0f);  // specular alpha: the vertex's, untouched
        }
    }
}

TEST_CASE("vertex/lighting lanes: lightingPow (the kernel's x^p at width 1) is R-17 through log2Fixed") {
    // p = 0 -> 1; x <= 0 or NaN -> 0; else detExp(float(p * log2Fixed(x, 24) * ln 2 / 2^24)), the
    // product in double. The kernel runs log2Fixed over lanes and widens its int32 steps to double;
    // every class of float must give the scalar formula (log2Fixed's own classes: log2_fixed_test).
    auto reference = [](float x, float p) {
        if (p == 0.0f) return 1.0f;
        if (!(x > 0.0f)) return 0.0f;
        return detExp(float(double(p) * double(log2Fixed(x, kLightingLogFractionBits)) * kLn2PerLogStep));
    };
    std::mt19937 rng(99);
    const float powers[] = {0.0f, 1.0f, 16.0f, 0.5f, 40.0f, 1e-3f, -2.0f, 128.0f, kInf};
    std::vector<float> xs(std::begin(kSpecials), std::end(kSpecials));
    for (float x : {1e-45f, 1e-40f, 1.17549435e-38f, 1.1754942e-38f, 5.421011e-20f, 5.4210115e-20f, 1.8446744e19f,
                    1.8446746e19f, 3.4028235e38f, 0.99999994f, 1.0000001f})
        xs.push_back(x);
    for (int i = 0; i < 3000; ++i) xs.push_back(i % 2 ? pick(rng) : std::uniform_real_distribution<float>(0.0f, 1.0f)(rng));
    for (float p : powers)
        for (float x : xs) {
            CAPTURE(x);
            CAPTURE(p);
            const float want = reference(x, p), got = lightingPow(x, p);
            CHECK(sameBits(&want, &got, 1));
        }
}
