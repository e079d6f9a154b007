// SPDX-License-Identifier: MIT
// The output merger's pixel-pipeline steps through the whole render path:
// alpha test before depth/stencil, blending, the write mask, X8 targets
// (docs/fixed-function.md §8, §10; ).
#include "tests/support/test_scene.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::test;

TEST_CASE("output/output_merger: an alpha-test failure writes neither colour, depth nor stencil") {
    Scene s = sceneOf(2, 2, 0xFF000000);
    Draw d = xyzrhwRect(0, 0, 2, 2, 0.25f, 0x40FF0000);  // alpha 0x40
    d.state.pixel.alphaTest = {true, Cmp::GreaterEqual, 0x80};
    d.state.stencil.enable = true;
    d.state.stencil.ref = 7;
    d.state.stencil.front.pass = StencilOp::Replace;
    s.draws.push_back(d);
    s.draws.push_back(xyzrhwRect(0, 0, 2, 2, 0.5f, 0xFF00FF00));  // LESSEQUAL behind the discarded quad
    const Framebuffer fb = renderFramebuffer(s);
    CHECK(pixelArgb(fb, 1, 1) == 0xFF00FF00);  // green: the red quad left no depth
    CHECK(fb.stencil[fb.index(1, 1)] == 0);
}

TEST_CASE("output/output_merger: SRCALPHA/INVSRCALPHA blend over the cleared target") {
    Scene s = sceneOf(2, 2, 0xFFFF0000);  // opaque red
    Draw d = xyzrhwRect(0, 0, 2, 2, 0.5f, 0x800000FF);  // 50% blue
    d.state.pixel.blend.enable = true;
    d.state.pixel.blend.srcBlend = Blend::SrcAlpha;
    d.state.pixel.blend.destBlend = Blend::InvSrcAlpha;
    s.draws.push_back(d);
    // r 127/255, b 128/255, a (128/255)^2 + 127/255 = 191.25 -> 0xBF
    CHECK(pixelArgb(renderFramebuffer(s), 0, 0) == 0xBF7F0080);
}

TEST_CASE("output/output_merger: COLORWRITEENABLE masks the blended value") {
    Scene s = sceneOf(2, 2, 0xFF102030);
    Draw d = xyzrhwRect(0, 0, 2, 2, 0.5f, 0x80C0C0C0);
    d.state.pixel.blend.enable = true;
    d.state.pixel.blend.srcBlend = d.state.pixel.blend.destBlend = Blend::One;
    d.state.colorWrite.mask = 0x2;  // green only: 0x20 + 0xC0 = 0xE0
    s.draws.push_back(d);
    CHECK(pixelArgb(renderFramebuffer(s), 0, 0) == 0xFF10E030);
}

TEST_CASE("output/output_merger: an X8R8G8B8 target reads DESTALPHA as 1 and keeps alpha 255") {
    Scene s = sceneOf(2, 2, 0x00204060);
    s.target.colorFormat = ColorFormat::X8R8G8B8;
    Draw d = xyzrhwRect(0, 0, 2, 2, 0.5f, 0x10FFFFFF);
    d.state.pixel.blend.enable = true;
    d.state.pixel.blend.srcBlend = Blend::InvDestAlpha;  // 1 - 1 = 0: the source vanishes
    d.state.pixel.blend.destBlend = Blend::DestAlpha;    // 1: the destination stays
    s.draws.push_back(d);
    CHECK(pixelArgb(renderFramebuffer(s), 0, 0) == 0xFF204060);
}

TEST_CASE("output/output_merger: float vertex colours outside [0, 1] clamp per vertex (R-14)") {
    Scene s = sceneOf(2, 2);
    Draw d = xyzrhwRect(0, 0, 2, 2, 0.5f, 0xFFFFFFFF);
    for (Vec4& c : d.vertices.diffuse) c = Vec4(1.5f, -0.5f, 0.25f, 2.0f);
    s.draws.push_back(d);
    CHECK(pixelArgb(renderFramebuffer(s), 1, 1) == 0xFFFF0040);  // (1, 0, .25 -> 63.75, 1)
}
