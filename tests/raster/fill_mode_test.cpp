// SPDX-License-Identifier: MIT
// FILLMODE POINT and WIREFRAME (docs/fixed-function.md §2.4, R-16).
#include "tests/support/test_scene.h"

#include <doctest/doctest.h>

#include <set>
#include <utility>

using namespace refrast;
using namespace refrast::test;

namespace {

std::set<std::pair<int, int>> litPixels(const Framebuffer& fb) {
    std::set<std::pair<int, int>> lit;
    for (int y = 0; y < fb.height; ++y)
        for (int x = 0; x < fb.width; ++x)
            if (fb.stencil[fb.index(x, y)] != 0) lit.insert({x, y});
    return lit;
}

Scene outlineScene(FillMode mode, std::vector<float> xyz) {
    Scene s = sceneOf(12, 12);
    Draw d = xyzrhwTriangles(std::move(xyz), 0xFFFFFFFF);
    d.state.rasterizer.fillMode = mode;
    d.state.depth.zEnable = false;
    d.state.stencil.enable = true;
    d.state.stencil.front.pass = StencilOp::Incr;  // counts writes per pixel
    d.state.stencil.back.pass = StencilOp::Incr;
    s.draws.push_back(d);
    return s;
}

}  // namespace

TEST_CASE("fill_mode: POINT lights the pixel holding each vertex, once") {
    // Vertices (1, 1), (8.4, 1.6), (1.5, 9.5): the pixels owning [s - 0.5, s + 0.5)
    // are (1, 1), (8, 2) (1.6 + 0.5 = 2.1 -> row 2) and (2, 10) (1.5 + 0.5 = 2.0).
    const Framebuffer fb = renderFramebuffer(outlineScene(FillMode::Point, {1, 1, 0.5f, 8.4f, 1.6f, 0.5f, 1.5f, 9.5f, 0.5f}));
    CHECK(litPixels(fb) == std::set<std::pair<int, int>>{{1, 1}, {8, 2}, {2, 10}});
}

TEST_CASE("fill_mode: WIREFRAME draws a closed outline lighting every corner once") {
    // Edges of (0,0) (8,0) (0,8): the top edge lights x = 0..7 of row 0; the
    // diagonal runs x-major from x = 8 down to 1, lighting (8,0) (7,1) .. (1,7);
    // the left edge runs y-major from y = 8 up to 1, lighting (0,8) .. (0,1).
    const Framebuffer fb = renderFramebuffer(outlineScene(FillMode::Wireframe, {0, 0, 0.5f, 8, 0, 0.5f, 0, 8, 0.5f}));
    std::set<std::pair<int, int>> expected;
    for (int x = 0; x <= 8; ++x) expected.insert({x, 0});
    for (int k = 1; k <= 7; ++k) expected.insert({8 - k, k});
    for (int y = 1; y <= 8; ++y) expected.insert({0, y});
    CHECK(litPixels(fb) == expected);
    for (const auto& p : expected) CHECK(fb.stencil[fb.index(p.first, p.second)] == 1);
}

TEST_CASE("fill_mode: culling applies before the fill mode") {
    // Counter-clockwise on screen with the default CCW culling: nothing at all.
    Scene s = outlineScene(FillMode::Wireframe, {0, 0, 0.5f, 0, 8, 0.5f, 8, 0, 0.5f});
    s.draws[0].state.rasterizer.cullMode = CullMode::CCW;
    CHECK(litPixels(renderFramebuffer(s)).empty());
}

TEST_CASE("fill_mode: WIREFRAME interpolates colour along the edge and FLAT takes the first vertex") {
    // Edge (0,0) red -> (8,0) blue: pixel (4, 0) is at t = 4/8, so GOURAUD
    // gives (0.5, 0, 0.5) -> 0x80 each (127.5 rounds up); FLAT keeps red.
    for (ShadeMode mode : {ShadeMode::Gouraud, ShadeMode::Flat}) {
        Scene s = sceneOf(12, 12);
        Draw d = xyzrhwTriangles({0, 0, 0.5f, 8, 0, 0.5f, 0, 8, 0.5f}, 0xFFFFFFFF);
        d.vertices.diffuse = {argb(0xFFFF0000), argb(0xFF0000FF), argb(0xFF00FF00)};
        d.state.rasterizer.fillMode = FillMode::Wireframe;
        d.state.rasterizer.shadeMode = mode;
        s.draws.push_back(d);
        CHECK(pixelArgb(renderFramebuffer(s), 4, 0) == (mode == ShadeMode::Flat ? 0xFFFF0000u : 0xFF800080u));
    }
}

TEST_CASE("fill_mode: guard-band clipping adds no edge and no point (review finding)") {
    // A triangle reaching 100000 px, far outside the +-16384 px guard band, is
    // clipped; its outline must still be only its own edges, and its points
    // only its own vertices, each once (ONE/ONE-like counting via stencil).
    const std::vector<float> big = {1, 1, 0.5f, 100000, 1, 0.5f, 1, 100000, 0.5f};
    const Framebuffer wire = renderFramebuffer(outlineScene(FillMode::Wireframe, big));
    // Row 1 from x = 1 (top edge) and column 1 from y = 1 (left edge); the long
    // diagonal runs far outside the 12x12 target.
    std::set<std::pair<int, int>> expected;
    for (int x = 1; x < 12; ++x) expected.insert({x, 1});
    for (int y = 2; y < 12; ++y) expected.insert({1, y});
    CHECK(litPixels(wire) == expected);
    const Framebuffer points = renderFramebuffer(outlineScene(FillMode::Point, big));
    CHECK(litPixels(points) == std::set<std::pair<int, int>>{{1, 1}});
    CHECK(points.stencil[points.index(1, 1)] == 1);
}
