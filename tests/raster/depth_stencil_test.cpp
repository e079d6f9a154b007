// SPDX-License-Identifier: MIT
// The output merger's depth and stencil tests and writes.
#include "raster/output/depth_test.h"
#include "raster/output/stencil_test.h"
#include "tests/support/test_scene.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace refrast;
using namespace refrast::test;

TEST_CASE("output/depth_test: D24 stores round(z * (2^24 - 1)), clamped to [0, 1]") {
    CHECK(storeDepth(DepthFormat::D24S8, 0.0f) == 0u);
    CHECK(storeDepth(DepthFormat::D24S8, 1.0f) == 16777215u);
    CHECK(storeDepth(DepthFormat::D24S8, 0.5f) == 8388608u);  // 8388607.5 rounds half up
    CHECK(storeDepth(DepthFormat::D24S8, -0.25f) == 0u);
    CHECK(storeDepth(DepthFormat::D24S8, 2.0f) == 16777215u);
    CHECK(storeDepth(DepthFormat::D32F, 0.25f) == 0x3E800000u);  // the float's bits
}

TEST_CASE("output/depth_test: every UNORM width rounds half up in double; float formats keep +0 for -0 and NaN") {
    CHECK(storeDepth(DepthFormat::D16, 0.5f) == 32768u);          // 0.5 * 65535 + 0.5 = 32768
    CHECK(storeDepth(DepthFormat::D16Lockable, 1.0f) == 65535u);
    CHECK(storeDepth(DepthFormat::D15S1, 0.5f) == 16384u);        // 0.5 * 32767 + 0.5 = 16384
    CHECK(storeDepth(DepthFormat::D24X4S4, 0.25f) == 4194304u);   // 0.25 * 16777215 + 0.5 = 4194304.25
    CHECK(storeDepth(DepthFormat::D32, 0.5f) == 2147483648u);     // 2147483647.5 + 0.5 = 2^31
    CHECK(storeDepth(DepthFormat::D32, 1.0f) == 4294967295u);
    CHECK(storeDepth(DepthFormat::D32, 0.25f) == 1073741824u);    // 1073741823.75 + 0.5 = 1073741824.25
    CHECK(storeDepth(DepthFormat::D24FS8, -0.0f) == 0u);          // -0 clamps to +0
    CHECK(storeDepth(DepthFormat::D32F, std::nanf("")) == 0u);    // NaN stores as 0
    CHECK(storeDepth(DepthFormat::D32F, 1.0e-40f) == 0x000116C2u);  // a denormal keeps its bits
    CHECK(loadDepth(DepthFormat::D16, 32768u) == float(32768.0 / 65535.0));
    CHECK(loadDepth(DepthFormat::D32F, 0x3E800000u) == 0.25f);
    // Stored values compare as unsigned: D32's 0x7FFFFFFF is nearer than 0x80000000.
    CHECK(depthTest(Cmp::Less, 0x7FFFFFFFu, 0x80000000u));
    CHECK_FALSE(depthTest(Cmp::Greater, 0x7FFFFFFFu, 0x80000000u));
    CHECK(depthTest(Cmp::GreaterEqual, 0xFFFFFFFFu, 0xFFFFFFFFu));
}

TEST_CASE("output/depth_test: each D3DCMPFUNC against a stored 0.5, incoming 0.25 / 0.5 / 0.75") {
    struct Row {
        Cmp func;
        bool less, equal, greater;  // does the fragment pass for incoming < = > stored
    };
    const Row rows[] = {{Cmp::Never, false, false, false},      {Cmp::Less, true, false, false},
                        {Cmp::Equal, false, true, false},       {Cmp::LessEqual, true, true, false},
                        {Cmp::Greater, false, false, true},     {Cmp::NotEqual, true, false, true},
                        {Cmp::GreaterEqual, false, true, true}, {Cmp::Always, true, true, true}};
    for (const Row& row : rows) {
        const float zs[3] = {0.25f, 0.5f, 0.75f};
        const bool expect[3] = {row.less, row.equal, row.greater};
        for (int i = 0; i < 3; ++i) {
            Scene s = sceneOf(2, 2);
            s.target.clearDepth = 0.5f;
            Draw d = xyzrhwRect(0, 0, 2, 2, zs[i], 0xFFFFFFFF);
            d.state.depth.zFunc = row.func;
            s.draws.push_back(d);
            const Framebuffer fb = renderFramebuffer(s);
            CHECK_MESSAGE((pixelArgb(fb, 1, 1) == 0xFFFFFFFF) == expect[i], "func ", int(row.func), " z ", zs[i]);
            // A passing fragment writes its depth (ZWRITEENABLE defaults to TRUE).
            CHECK(fb.depth[fb.index(1, 1)] == storeDepth(DepthFormat::D24S8, expect[i] ? zs[i] : 0.5f));
        }
    }
}

TEST_CASE("output/depth_test: ZENABLE FALSE passes everything and writes no depth") {
    Scene s = sceneOf(2, 2);
    s.target.clearDepth = 0.25f;
    Draw d = xyzrhwRect(0, 0, 2, 2, 0.75f, 0xFF00FF00);
    d.state.depth.zEnable = false;
    d.state.depth.zWriteEnable = true;
    s.draws.push_back(d);
    const Framebuffer fb = renderFramebuffer(s);
    CHECK(pixelArgb(fb, 0, 0) == 0xFF00FF00);
    CHECK(fb.depth[0] == storeDepth(DepthFormat::D24S8, 0.25f));
}

TEST_CASE("output/stencil_test: ops wrap or saturate and respect the write mask") {
    StencilState s;
    s.ref = 0x1A5;  // only the low 8 bits (0xA5) reach an 8-bit stencil
    CHECK(stencilUpdate(StencilOp::Replace, s, 0x00) == 0xA5);
    CHECK(stencilUpdate(StencilOp::Incr, s, 0xFF) == 0x00);     // wraps
    CHECK(stencilUpdate(StencilOp::IncrSat, s, 0xFF) == 0xFF);  // saturates
    CHECK(stencilUpdate(StencilOp::Decr, s, 0x00) == 0xFF);
    CHECK(stencilUpdate(StencilOp::DecrSat, s, 0x00) == 0x00);
    CHECK(stencilUpdate(StencilOp::Invert, s, 0x0F) == 0xF0);
    CHECK(stencilUpdate(StencilOp::Zero, s, 0x33) == 0x00);
    s.writeMask = 0x0F;  // keep the high nibble of 0x33, take the low nibble of 0xA5
    CHECK(stencilUpdate(StencilOp::Replace, s, 0x33) == 0x35);
    // (ref & mask) CMP (stored & mask): 0xA5 & 0xF0 = 0xA0 < 0xB0.
    s.mask = 0xF0;
    CHECK(stencilTest({Cmp::Less}, s, 0xB7));
    CHECK_FALSE(stencilTest({Cmp::Less}, s, 0xA7));
}

TEST_CASE("output/stencil: a stencil cut-out masks a second draw (cockpit case)") {
    // Draw 1 writes stencil 1 in the left half with colour writes off; draw 2
    // covers everything but passes only where stencil == 1.
    Scene s = sceneOf(4, 2);
    Draw mask = xyzrhwRect(0, 0, 2, 2, 0.5f, 0xFFFFFFFF);
    mask.state.colorWrite.mask = 0;
    mask.state.depth.zEnable = false;
    mask.state.stencil.enable = true;
    mask.state.stencil.ref = 1;
    mask.state.stencil.front.pass = StencilOp::Replace;
    Draw cover = xyzrhwRect(0, 0, 4, 2, 0.5f, 0xFFFF0000);
    cover.state.depth.zEnable = false;
    cover.state.stencil.enable = true;
    cover.state.stencil.ref = 1;
    cover.state.stencil.front.func = Cmp::Equal;
    s.draws = {mask, cover};
    const Framebuffer fb = renderFramebuffer(s);
    CHECK(pixelArgb(fb, 1, 1) == 0xFFFF0000);
    CHECK(pixelArgb(fb, 2, 1) == 0xFF000000);
}
