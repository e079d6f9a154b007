// SPDX-License-Identifier: MIT
// Fog through the render path: vertex EXP fog is evaluated per vertex and its
// factor interpolated (test_fog_interpolation), or per pixel on request (§11);
// specular alpha is the factor for XYZRHW vertices (docs/fixed-function.md §7).
#include "tests/support/test_scene.h"

#include <doctest/doctest.h>

#include <initializer_list>

using namespace refrast;
using namespace refrast::test;

namespace {

// A white quad from eye depth 0 (left edge) to 100 (right edge) under an affine
// projection (x / 32, y / 2, z / 100), black EXP vertex fog with density 0.02:
// f = 1 at the left vertices, e^-2 = .1353 at the right ones.
Scene expFogQuad(VertexFogEvaluation evaluation) {
    Scene s = sceneOf(64, 2);
    Draw d;
    d.vertices.count = 4;
    for (float x : {-32.0f, 32.0f})
        for (float y : {-2.0f, 2.0f}) {
            d.vertices.position.emplace_back(x, y, (x + 32.0f) * 100.0f / 64.0f, 1.0f);
            d.vertices.diffuse.emplace_back(1.0f, 1.0f, 1.0f, 1.0f);
        }
    d.primitive = PrimitiveType::TriangleStrip;
    d.transform.projection = Mat4::Identity();
    d.transform.projection(0, 0) = 1.0f / 32.0f;
    d.transform.projection(1, 1) = 0.5f;
    d.transform.projection(2, 2) = 0.01f;
    d.state.rasterizer.cullMode = CullMode::None;
    FogState& fog = d.state.pixel.fog;
    fog.enable = true;
    fog.vertexMode = FogMode::Exp;
    fog.density = 0.02f;
    d.state.pixel.options.vertexFogEvaluation = evaluation;
    s.draws.push_back(d);
    return s;
}

}  // namespace

TEST_CASE("pixel/fog render: vertex EXP fog interpolates the vertex factors (Windows)") {
    // Mid-screen (x = 32, depth 50): (1 + e^-2) / 2 = .5677 -> 144.8
    const Framebuffer fb = renderFramebuffer(expFogQuad(VertexFogEvaluation::PerVertex));
    CHECK(pixelArgb(fb, 32, 0) == 0xFF919191);
}

TEST_CASE("pixel/fog render: PERPIXEL evaluates exp of the interpolated depth (Wine)") {
    // e^-(0.02 * 50) = e^-1 = .3679 -> 93.8
    const Framebuffer fb = renderFramebuffer(expFogQuad(VertexFogEvaluation::PerPixel));
    CHECK(pixelArgb(fb, 32, 0) == 0xFF5E5E5E);
}

TEST_CASE("pixel/fog render: XYZRHW vertices take the fog factor from specular alpha") {
    Scene s = sceneOf(4, 4);
    Draw d = xyzrhwRect(0, 0, 4, 4, 0.5f, 0xFFFFFFFF);
    for (size_t i = 0; i < d.vertices.count; ++i) d.vertices.specular.emplace_back(0.0f, 0.0f, 0.0f, 0.25f);
    d.state.pixel.fog.enable = true;
    d.state.pixel.fog.vertexMode = FogMode::Linear;  // ignored for XYZRHW: f = specular alpha
    d.state.pixel.fog.color = 0xFF000000;
    s.draws.push_back(d);
    CHECK(pixelArgb(renderFramebuffer(s), 1, 1) == 0xFF404040);  // .25 * 255 = 63.75
}
