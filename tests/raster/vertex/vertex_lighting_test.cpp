// SPDX-License-Identifier: MIT
// docs/fixed-function.md §16: the lighting sum per light type, the half vector, Power 0,
// a vertex without a normal, and D3DRS_NORMALIZENORMALS under a scaled world matrix.
#include "raster/vertex/vertex_lighting.h"

#include "raster/vertex/normal_transform.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {

// A white material whose colours all come from the material (COLORVERTEX FALSE).
VertexProcessingState whiteMaterial() {
    VertexProcessingState s;
    s.lighting = true;
    s.colorVertex = false;
    s.material.diffuse = {1, 1, 1, 1};
    s.material.ambient = {1, 1, 1, 1};
    s.material.specular = {1, 1, 1, 1};
    return s;
}

Light light(LightType type) {
    Light l;
    l.type = type;
    l.diffuse = {0.5f, 0.25f, 1.0f, 0.0f};
    return l;
}

LitColors lit(const VertexProcessingState& s, const Vec3& posView, const Vec3& n, bool specular = false) {
    const LightingSetup setup = setupLighting(s, Mat4::Identity());
    return lightVertex(setup, materialColors(s, nullptr, nullptr), posView, n, specular);
}

}  // namespace

TEST_CASE("vertex/vertex_lighting: a directional light alone") {
    VertexProcessingState s = whiteMaterial();
    s.lights[0] = light(LightType::Directional);
    s.lights[0].direction = Vec3(0, 0, 2);  // along +z, not normalised: Ldir = (0, 0, −1)
    s.lightEnabled[0] = true;
    // Facing the light: N·L = 1, diffuse = Ld exactly; alpha = material diffuse alpha.
    LitColors c = lit(s, Vec3(0, 0, 5), Vec3(0, 0, -1));
    CHECK(c.diffuse.r == 0.5f);
    CHECK(c.diffuse.g == 0.25f);
    CHECK(c.diffuse.b == 1.0f);
    CHECK(c.diffuse.a == 1.0f);
    // Tilted: N = (0, 0.6, −0.8), N·L = 0.8, r = 0.5 · 0.8 = 0.4 (a halving: exact).
    c = lit(s, Vec3(0, 0, 5), Vec3(0, 0.6f, -0.8f));
    CHECK(c.diffuse.r == 0.4f);
    // Facing away: N·L < 0 clamps to 0.
    c = lit(s, Vec3(0, 0, 5), Vec3(0, 0, 1));
    CHECK(c.diffuse.r == 0.0f);
}

TEST_CASE("vertex/vertex_lighting: a point light alone, attenuated") {
    VertexProcessingState s = whiteMaterial();
    s.lights[2] = light(LightType::Point);
    s.lights[2].position = Vec3(0, 0, 1);
    s.lights[2].attenuation0 = 1, s.lights[2].attenuation1 = 0.5f, s.lights[2].attenuation2 = 0.25f;
    s.lights[2].range = 10;
    s.lightEnabled[2] = true;
    // The vertex at (0, 0, 5) is 4 from the light: Atten = 1/7 (light_attenuation_test);
    // Ldir = (0, 0, −1), N·L = 1: b = 1 · 1/7.
    const LitColors c = lit(s, Vec3(0, 0, 5), Vec3(0, 0, -1));
    CHECK(c.diffuse.b == 1.0f / 7.0f);
    CHECK(c.diffuse.r == 0.5f * (1.0f / 7.0f));
}

TEST_CASE("vertex/vertex_lighting: the Range cut-off removes the light's ambient part too") {
    VertexProcessingState s = whiteMaterial();
    s.lights[0] = light(LightType::Point);
    s.lights[0].ambient = {1, 1, 1, 0};
    s.lights[0].attenuation0 = 1;
    s.lights[0].range = 3;
    s.lightEnabled[0] = true;
    // 4 away, Range 3: nothing at all.
    CHECK(lit(s, Vec3(0, 0, 4), Vec3(0, 0, -1)).diffuse.r == 0.0f);
    // Range ignored: ambient 1 + diffuse 0.5 = 1.5, saturated to 1; g = 1 + 0.25 → 1.
    s.options.lightRange = LightRangeRule::Unlimited;
    CHECK(lit(s, Vec3(0, 0, 4), Vec3(0, 0, -1)).diffuse.r == 1.0f);
}

TEST_CASE("vertex/vertex_lighting: a spot light inside, outside its cone") {
    VertexProcessingState s = whiteMaterial();
    s.lights[0] = light(LightType::Spot);
    s.lights[0].direction = Vec3(0, 0, 1);
    s.lights[0].attenuation0 = 1;
    s.lights[0].range = 100;
    s.lights[0].theta = 0.5f;  // half angles 0.25 and 0.5 rad
    s.lights[0].phi = 1.0f;
    s.lights[0].falloff = 1;
    s.lightEnabled[0] = true;
    // On the axis: rho = 1 > cos(0.25): full light; N = −Ldir = (0, 0, 1)… the vertex
    // faces the light with N = (0, 0, −1)? The light is at the origin shining +z, so
    // Ldir = (0, 0, −1) and a normal (0, 0, −1) gives N·L = 1.
    CHECK(lit(s, Vec3(0, 0, 5), Vec3(0, 0, -1)).diffuse.r == 0.5f);
    // 45° off the axis: rho = cos(π/4) ≈ 0.707 < cos(0.5) ≈ 0.878: outside, 0.
    CHECK(lit(s, Vec3(5, 0, 5), Vec3(-1, 0, 0)).diffuse.r == 0.0f);
}

TEST_CASE("vertex/vertex_lighting: LOCALVIEWER on and off") {
    VertexProcessingState s = whiteMaterial();
    s.lights[0] = light(LightType::Directional);
    s.lights[0].specular = {1, 1, 1, 0};
    s.lightEnabled[0] = true;  // direction (0, 0, 1): Ldir = (0, 0, −1)
    s.material.power = 1;
    const Vec3 pos(3, 0, 4), n(0, 0, -1);
    // Orthogonal viewer: H = norm((0, 0, −1) + Ldir) = (0, 0, −1), N·H = 1, 1^1 = 1.
    s.localViewer = false;
    CHECK(lit(s, pos, n, true).specular.r == 1.0f);
    // Local viewer: V = norm(−(3, 0, 4)) = (−0.6, 0, −0.8), H = norm(−0.6, 0, −1.8),
    // N·H = 1.8 / sqrt(3.6) = 0.9486833.
    s.localViewer = true;
    CHECK(lit(s, pos, n, true).specular.r == doctest::Approx(0.9486833f).epsilon(1e-6));
}

TEST_CASE("vertex/vertex_lighting: specular Power 0 and its option") {
    VertexProcessingState s = whiteMaterial();
    s.lights[0] = light(LightType::Directional);
    s.lights[0].specular = {0.5f, 0.5f, 0.5f, 0};
    s.lightEnabled[0] = true;
    s.material.power = 0;
    // (N·H)^0 = 1 wherever N·L > 0 and N·H > 0: the full Ls.
    CHECK(lit(s, Vec3(3, 0, 4), Vec3(0, 0.6f, -0.8f), true).specular.r == 0.5f);
    s.options.specularPowerZero = SpecularPowerZero::NoSpecular;
    CHECK(lit(s, Vec3(3, 0, 4), Vec3(0, 0.6f, -0.8f), true).specular.r == 0.0f);
    // No specular where N·L ≤ 0, whatever the power.
    s.options.specularPowerZero = SpecularPowerZero::One;
    CHECK(lit(s, Vec3(3, 0, 4), Vec3(0, 0, 1), true).specular.r == 0.0f);
}

TEST_CASE("vertex/vertex_lighting: a vertex without a normal gets emissive and ambient only") {
    VertexProcessingState s = whiteMaterial();
    s.material.emissive = {0.125f, 0, 0, 0};
    s.ambient = 0xFF400000;  // Ga.r = 64/255
    s.lights[0] = light(LightType::Directional);
    s.lights[0].ambient = {0.25f, 0, 0, 0};
    s.lightEnabled[0] = true;
    // r = (Ce + Ca·(Ga + La)) + Cd·0 = 0.125 + (64/255 + 0.25); the diffuse term has N·L = 0.
    const LitColors c = lit(s, Vec3(0, 0, 5), Vec3(0, 0, 0), true);
    CHECK(c.diffuse.r == 0.125f + 1.0f * (64.0f / 255.0f + 0.25f));
    CHECK(c.diffuse.g == 0.0f);
    CHECK(c.specular.r == 0.0f);
}

TEST_CASE("vertex/vertex_lighting: D3D9 defaults light a vertex black (zero material, no lights)") {
    VertexProcessingState s;
    s.lighting = true;
    const Vec4 white(1, 1, 1, 1);
    const LightingSetup setup = setupLighting(s, Mat4::Identity());
    // COLOR1 diffuse is the vertex's white, but no light reaches it: rgb 0, alpha 1.
    const LitColors c = lightVertex(setup, materialColors(s, &white, nullptr), Vec3(0, 0, 1), Vec3(0, 0, -1), true);
    CHECK(c.diffuse.r == 0.0f);
    CHECK(c.diffuse.a == 1.0f);
}

TEST_CASE("vertex/vertex_lighting: NORMALIZENORMALS under a world matrix scaled by 2") {
    VertexProcessingState s = whiteMaterial();
    s.lights[0] = light(LightType::Directional);
    s.lightEnabled[0] = true;
    Mat4 world = Mat4::Identity();
    world(0, 0) = world(1, 1) = world(2, 2) = 2.0f;
    const NormalMatrix nm = normalMatrix(world);
    // Off: N = (0, 0, −0.5), N·L = 0.5, r = 0.5·0.5 = 0.25 (the scale darkens, as on D3D9).
    CHECK(lit(s, Vec3(0, 0, 5), transformNormal(nm, Vec3(0, 0, -1), false)).diffuse.r == 0.25f);
    // On: N = (0, 0, −1), r = 0.5.
    CHECK(lit(s, Vec3(0, 0, 5), transformNormal(nm, Vec3(0, 0, -1), true)).diffuse.r == 0.5f);
}

TEST_CASE("vertex/vertex_lighting: lights are moved to camera space by the view matrix") {
    VertexProcessingState s = whiteMaterial();
    s.lights[0] = light(LightType::Point);
    s.lights[0].position = Vec3(0, 0, -10);  // world
    s.lights[0].attenuation0 = 1;
    s.lights[0].range = 100;
    s.lightEnabled[0] = true;
    Mat4 view = Mat4::Identity();
    view(3, 2) = 10;  // camera at world z = −10: the light sits at the camera
    const LightingSetup setup = setupLighting(s, view);
    CHECK(setup.lights[0].posView == Vec3(0, 0, 0));
    const LitColors c = lightVertex(setup, materialColors(s, nullptr, nullptr), Vec3(0, 0, 5), Vec3(0, 0, -1), false);
    CHECK(c.diffuse.r == 0.5f);
}
