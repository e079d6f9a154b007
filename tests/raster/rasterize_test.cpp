// SPDX-License-Identifier: MIT
// Coverage: the top-left fill rule, watertightness, pixel centres, snapping.
#include "raster/rasterize/edge_function.h"
#include "raster/rasterize/fixed_point.h"
#include "tests/support/test_scene.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::test;

TEST_CASE("rasterize/fixed_point: snapping rounds to the nearest 1/256 px, halves up") {
    CHECK(snapToSubpixel(1.0f) == 256);
    CHECK(snapToSubpixel(0.5f / 256.0f) == 1);     // exactly half a step rounds up
    CHECK(snapToSubpixel(-0.5f / 256.0f) == 0);    // floor(-0.5 + 0.5) = 0
    CHECK(snapToSubpixel(2.3f) == 589);            // 2.3 * 256 = 588.8 -> 589
    CHECK(snapToSubpixel(1e9f) == kMaxFixedCoord); // clamped to the budget
}

TEST_CASE("rasterize/fixed_point: floorDiv rounds toward minus infinity for a positive divisor") {
    CHECK(floorDiv(7, 2) == 3);     // 3.5 -> 3
    CHECK(floorDiv(-7, 2) == -4);   // -3.5 -> -4 (C++'s -7 / 2 is -3)
    CHECK(floorDiv(-8, 2) == -4);   // exact: no adjustment
    CHECK(floorDiv(0, 5) == 0);
    CHECK(floorDiv(-1, 256) == -1);  // just below 0
    CHECK(floorDiv(-256, 256) == -1);
    CHECK(floorDiv(-257, 256) == -2);
    CHECK(floorDiv(255, 256) == 0);
    // Near the edge functions' 2^50 budget: -(2^50 + 1) / 3 = -375299968947541.67 -> -375299968947542.
    CHECK(floorDiv(-((int64_t(1) << 50) + 1), 3) == -375299968947542);
    // Against the definition over a range of numerators and divisors.
    for (int64_t den = 1; den <= 9; ++den)
        for (int64_t num = -40; num <= 40; ++num) {
            const int64_t q = floorDiv(num, den);
            CHECK((q * den <= num && num < (q + 1) * den));
        }
}

TEST_CASE("rasterize/fill_rule: top and left edges own their pixel centres, right and bottom do not") {
    // Rectangle [2, 6) x [1, 4) with D3D9 integer centres: columns 2..5, rows 1..3.
    Scene s = sceneOf(8, 6);
    s.draws.push_back(xyzrhwRect(2, 1, 6, 4, 0.5f, 0xFFFFFFFF));
    const Framebuffer fb = renderFramebuffer(s);
    for (int y = 0; y < 6; ++y)
        for (int x = 0; x < 8; ++x) {
            const bool inside = x >= 2 && x < 6 && y >= 1 && y < 4;
            CHECK_MESSAGE(pixelArgb(fb, x, y) == (inside ? 0xFFFFFFFFu : 0xFF000000u), "pixel ", x, ",", y);
        }
}

TEST_CASE("rasterize/fill_rule: a mesh sharing edges and a centre vertex covers every pixel exactly once") {
    // A 16x16 target tiled by a fan of 8 triangles around (7, 9) (a vertex on a
    // pixel centre, edges through centres) plus a 4x4 grid of split squares
    // over the lower-right part; the stencil counts every write (INCR).
    Scene s = sceneOf(16, 16);
    std::vector<float> fan;
    const float cx = 7, cy = 9;
    const float ring[9][2] = {{0, 0}, {7, 0}, {16, 0}, {16, 9}, {16, 16}, {7, 16}, {0, 16}, {0, 9}, {0, 0}};
    for (int i = 0; i < 8; ++i) {
        const float tri[9] = {cx, cy, 0.5f, ring[i][0], ring[i][1], 0.5f, ring[i + 1][0], ring[i + 1][1], 0.5f};
        fan.insert(fan.end(), tri, tri + 9);
    }
    Draw d = xyzrhwTriangles(fan, 0xFFFFFFFF);
    d.state.depth.zEnable = false;
    d.state.stencil.enable = true;
    d.state.stencil.front.pass = StencilOp::Incr;
    s.draws.push_back(d);
    const Framebuffer fb = renderFramebuffer(s);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) CHECK_MESSAGE(fb.stencil[fb.index(x, y)] == 1, "pixel ", x, ",", y);
}

TEST_CASE("rasterize/fill_rule: random triangles sharing every edge of a jittered grid cover each pixel once") {
    // 9x9 grid points on a 64x64 target, jittered by sub-pixel amounts from a
    // fixed LCG, each cell split along a diagonal (alternating): a watertight
    // mesh whose edges cross pixel centres at arbitrary sub-pixel positions.
    Scene s = sceneOf(64, 64);
    float px[9][9], py[9][9];
    uint32_t seed = 12345;
    auto jitter = [&] {
        seed = seed * 1664525u + 1013904223u;
        return float(int(seed >> 24) - 128) / 64.0f;  // -2 .. +2 px in 1/64 steps
    };
    for (int j = 0; j < 9; ++j)
        for (int i = 0; i < 9; ++i) {
            const bool border = i == 0 || j == 0 || i == 8 || j == 8;
            px[j][i] = float(i * 8) + (border ? 0.0f : jitter());
            py[j][i] = float(j * 8) + (border ? 0.0f : jitter());
        }
    std::vector<float> tris;
    auto add = [&](int i0, int j0, int i1, int j1, int i2, int j2) {
        const float t[9] = {px[j0][i0], py[j0][i0], 0.5f, px[j1][i1], py[j1][i1], 0.5f, px[j2][i2], py[j2][i2], 0.5f};
        tris.insert(tris.end(), t, t + 9);
    };
    for (int j = 0; j < 8; ++j)
        for (int i = 0; i < 8; ++i) {
            if ((i + j) & 1) {
                add(i, j, i + 1, j, i + 1, j + 1);
                add(i, j, i + 1, j + 1, i, j + 1);
            } else {
                add(i, j, i + 1, j, i, j + 1);
                add(i + 1, j, i + 1, j + 1, i, j + 1);
            }
        }
    Draw d = xyzrhwTriangles(tris, 0xFFFFFFFF);
    d.state.depth.zEnable = false;
    d.state.stencil.enable = true;
    d.state.stencil.front.pass = StencilOp::Incr;
    d.state.stencil.back.pass = StencilOp::Incr;
    s.draws.push_back(d);
    // The target's right column and bottom row lie on the mesh's right/bottom
    // border (x = 64 and y = 64 are outside), so every pixel 0..63 is inside.
    const Framebuffer fb = renderFramebuffer(s);
    int wrong = 0;
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x) wrong += fb.stencil[fb.index(x, y)] != 1;
    CHECK(wrong == 0);
}

TEST_CASE("rasterize/pixel_center: d3d10 centres shift coverage of half-pixel edges by one pixel") {
    // Rectangle [2.5, 6.5) x [0, 1): D3D9 samples x = 3..6 (2.5 < 3, 6 < 6.5);
    // D3D10 samples 2.5 (on the left edge: owned), 3.5, 4.5, 5.5 -> pixels 2..5.
    for (PixelCenter center : {PixelCenter::Integer, PixelCenter::Half}) {
        Scene s = sceneOf(8, 1);
        s.target.pixelCenter = center;
        s.draws.push_back(xyzrhwRect(2.5f, 0.0f, 6.5f, 1.0f, 0.5f, 0xFFFFFFFF));
        const Framebuffer fb = renderFramebuffer(s);
        const int first = center == PixelCenter::Integer ? 3 : 2;
        for (int x = 0; x < 8; ++x)
            CHECK_MESSAGE((pixelArgb(fb, x, 0) == 0xFFFFFFFF) == (x >= first && x < first + 4), "pixel ", x);
    }
}

TEST_CASE("rasterize/edge_function: a horizontal top edge is top-left, a right edge is not") {
    // Edge (0,0) -> (256,0): dy = 0, dx > 0: top edge, bias 0.
    CHECK(EdgeFunction(0, 0, 256, 0).bias == 0);
    // Edge (256,0) -> (0,256) going down: a right edge, bias -1.
    CHECK(EdgeFunction(256, 0, 0, 256).bias == -1);
    // Edge (0,256) -> (0,0) going up: a left edge, bias 0; E at pixel (1, 0) =
    // -dy * 256 * 1 = 256 * 256 (inside, to the right).
    const EdgeFunction left(0, 256, 0, 0);
    CHECK(left.bias == 0);
    CHECK(left.at(1, 0) == 65536);
}

namespace {
// Swaps vertices 1 and 2 of a negatively oriented triangle: E_2 at vertex 2,
// (x1 - x0)(y2 - y0) - (y1 - y0)(x2 - x0), is twice the signed area.
void makePositive(SetupTriangle& t) {
    const int64_t area2 = int64_t(t.x[1] - t.x[0]) * (t.y[2] - t.y[0]) - int64_t(t.y[1] - t.y[0]) * (t.x[2] - t.x[0]);
    if (area2 >= 0) return;
    std::swap(t.x[1], t.x[2]);
    std::swap(t.y[1], t.y[2]);
}
}  // namespace

TEST_CASE("rasterize/edge_function: a row's covered run is exactly the pixels every edge test passes") {
    // Random triangles from a fixed LCG, on a fine grid (any 1/256 px), on a
    // coarse one (whole and half pixels, so edges pass through centres and
    // are often horizontal or vertical: a = 0), near samples (edges that
    // miss a sample by one unit, where an off-by-one in a bound shows) and
    // far out in the guard band;
    // each is turned positive, then every pixel of rows and columns around
    // it is tested edge by edge and compared with coveredRun's [lo, hi).
    uint32_t seed = 2024;
    auto next = [&seed] { return (seed = seed * 1664525u + 1013904223u) >> 8; };  // the high bits: an LCG's low bits cycle fast
    int runsChecked = 0, nonEmpty = 0;
    for (int n = 0; n < 4000; ++n) {
        const int kind = n % 4;
        SetupTriangle t{};
        for (int k = 0; k < 3; ++k) {
            if (kind == 0) {
                t.x[k] = int32_t(next() % (40 * 256)) - 4 * 256;
                t.y[k] = int32_t(next() % (40 * 256)) - 4 * 256;
            } else if (kind == 1) {
                t.x[k] = int32_t(next() % 64) * 128;
                t.y[k] = int32_t(next() % 64) * 128;
            } else if (kind == 2) {  // within a few 1/256 px of pixel samples: E = 0 or +-1 there
                t.x[k] = int32_t(next() % 12) * 256 + int32_t(next() % 5) - 2;
                t.y[k] = int32_t(next() % 12) * 256 + int32_t(next() % 5) - 2;
            } else {  // one vertex far away: steep edges with large c
                t.x[k] = k == 0 ? int32_t(kMaxFixedCoord - 1 - next() % 4096) : int32_t(next() % (32 * 256));
                t.y[k] = int32_t(next() % (32 * 256));
            }
        }
        makePositive(t);
        const TriangleEdges edges(t);
        const int x0 = -6 + int(next() % 8), x1 = 36 - int(next() % 8);  // a clip window, like a tile's
        for (int j = -6; j < 40; ++j) {
            const PixelRun run = edges.coveredRun(j, x0, x1);
            REQUIRE(run.lo >= x0);
            REQUIRE(run.hi <= x1);
            for (int i = x0 - 2; i < x1 + 2; ++i) {
                bool inside = i >= x0 && i < x1;
                for (const EdgeFunction& f : edges.e) inside = inside && f.at(i, j) + f.bias >= 0;
                REQUIRE_MESSAGE(inside == (i >= run.lo && i < run.hi), "triangle ", n, " pixel ", i, ",", j);
            }
            ++runsChecked;
            nonEmpty += !run.empty();
        }
    }
    CHECK(runsChecked == 4000 * 46);
    CHECK(nonEmpty > 10000);  // the comparison saw many covered runs, not only empty rows
}

TEST_CASE("rasterize/edge_function: covered runs by hand") {
    // The right triangle (0,0), (4 px,0), (0,4 px) in 1/256 px, samples at
    // whole pixels. Edge 0, (1024,0) -> (0,1024): a = b = -1024 * 256,
    // c = 1024 * 1024, so E0 = 262144 (4 - i - j); it goes down (dy > 0), a
    // right edge, bias -1: i + j < 4. Edge 1, (0,1024) -> (0,0), goes up (a
    // left edge, bias 0): E1 = 262144 i >= 0. Edge 2, (0,0) -> (1024,0), a top
    // edge (bias 0), a = 0: E2 = 262144 j >= 0.
    SetupTriangle t{};
    t.x[0] = 0, t.y[0] = 0, t.x[1] = 4 * 256, t.y[1] = 0, t.x[2] = 0, t.y[2] = 4 * 256;
    const TriangleEdges edges(t);
    REQUIRE(edges.e[0].bias == -1);
    REQUIRE(edges.e[2].a == 0);
    CHECK(edges.coveredRun(0, -10, 10).lo == 0);
    CHECK(edges.coveredRun(0, -10, 10).hi == 4);  // 0 + 3 < 4, 0 + 4 is on the right edge
    CHECK(edges.coveredRun(3, -10, 10).hi == 1);  // only i = 0
    CHECK(edges.coveredRun(4, -10, 10).empty());   // the bottom vertex's row
    CHECK(edges.coveredRun(-1, -10, 10).empty());
    CHECK(edges.coveredRun(1, 2, 10).lo == 2);     // clipped on the left: pixels 2 of 0..2
    CHECK(edges.coveredRun(1, 2, 10).hi == 3);
}
