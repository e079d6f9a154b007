// SPDX-License-Identifier: MIT
// Depth/stencil before shading (draws without the alpha test) must leave every
// plane exactly as the D3D9-ordered merger does: the alpha test enabled with
// ALWAYS discards nothing but forces the late order, so both renders compare.
#include "tests/support/test_scene.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::test;

namespace {

// Overlapping rectangles at varying depth with stencil INCR / ZFAIL DECR /
// FAIL INVERT against ref 2: pixels pass, fail depth and fail stencil.
Scene overlapScene(bool alphaTestAlways) {
    Scene s = sceneOf(24, 16);
    const float rects[4][5] = {
        {0, 0, 16, 12, 0.5f}, {4, 2, 20, 14, 0.25f}, {8, 4, 24, 16, 0.75f}, {2, 6, 22, 10, 0.4f}};
    const uint32_t colors[4] = {0xFF2040F0u, 0x80F02040u, 0xC040F020u, 0x40808080u};
    for (int i = 0; i < 4; ++i) {
        Draw d = xyzrhwRect(rects[i][0], rects[i][1], rects[i][2], rects[i][3], rects[i][4], colors[i]);
        d.state.depth.zFunc = Cmp::Less;
        d.state.stencil.enable = true;
        d.state.stencil.ref = 2;
        d.state.stencil.front = {Cmp::GreaterEqual, StencilOp::Invert, StencilOp::Decr, StencilOp::Incr};
        d.state.pixel.blend.enable = i % 2 == 1;
        d.state.pixel.blend.srcBlend = Blend::SrcAlpha;
        d.state.pixel.blend.destBlend = Blend::InvSrcAlpha;
        d.state.pixel.alphaTest.enable = alphaTestAlways;
        d.state.pixel.alphaTest.func = Cmp::Always;
        s.draws.push_back(d);
    }
    return s;
}

}  // namespace

TEST_CASE("output/early_depth_stencil: tests before shading give the same colour, depth, stencil and debug planes") {
    const Framebuffer early = renderFramebuffer(overlapScene(false));
    const Framebuffer late = renderFramebuffer(overlapScene(true));
    CHECK(early.color == late.color);
    CHECK(early.depth == late.depth);
    CHECK(early.stencil == late.stencil);
    CHECK(early.drawId == late.drawId);
    CHECK(early.overdraw == late.overdraw);
    // The scene exercises all three stencil outcomes: INCR (1), DECR of 0 (255) and INVERT.
    bool sawIncr = false, sawWrap = false;
    for (uint8_t v : early.stencil) sawIncr |= v == 1, sawWrap |= v == 255;
    CHECK((sawIncr && sawWrap));
}
