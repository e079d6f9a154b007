// SPDX-License-Identifier: MIT
// Whole-pipeline rules: shading, clipping, culling, assembly, threads.
#include "raster/output/depth_test.h"
#include "raster/primitive/assemble.h"
#include "tests/support/test_scene.h"

#include <doctest/doctest.h>

#include <array>

using namespace refrast;
using namespace refrast::test;

TEST_CASE("primitive/assemble: strips alternate winding, fans are led by v[k+1]") {
    const std::vector<uint32_t> none;
    const AssembledTriangle s1 = assembleTriangle(PrimitiveType::TriangleStrip, none, 1);
    CHECK(s1.v[0] == 1);
    CHECK(s1.v[1] == 2);
    CHECK(s1.v[2] == 3);
    CHECK(s1.flipWinding);
    const AssembledTriangle f1 = assembleTriangle(PrimitiveType::TriangleFan, none, 1);
    CHECK(f1.v[0] == 2);  // provoking vertex v_{k+1}
    CHECK(f1.v[1] == 3);
    CHECK(f1.v[2] == 0);
    CHECK(triangleCount(PrimitiveType::TriangleStrip, 5) == 3);
    CHECK(triangleCount(PrimitiveType::TriangleList, 7) == 2);
}

TEST_CASE("pipeline/shade_mode: FLAT takes the first vertex's colour, GOURAUD interpolates") {
    // Triangle (0,0) red, (8,0) green, (0,8) blue. At pixel (2, 2) the
    // barycentrics are b1 = 2/8, b2 = 2/8, b0 = 1/2 (rhw 1: no perspective),
    // so GOURAUD gives (0.5, 0.25, 0.25) * 255 = (127.5, 63.75, 63.75) -> (128, 64, 64).
    for (ShadeMode mode : {ShadeMode::Flat, ShadeMode::Gouraud}) {
        Scene s = sceneOf(8, 8);
        Draw d = xyzrhwTriangles({0, 0, 0.5f, 8, 0, 0.5f, 0, 8, 0.5f}, 0xFFFFFFFF);
        d.vertices.diffuse = {argb(0xFFFF0000), argb(0xFF00FF00), argb(0xFF0000FF)};
        d.state.rasterizer.shadeMode = mode;
        s.draws.push_back(d);
        const Framebuffer fb = renderFramebuffer(s);
        CHECK(pixelArgb(fb, 2, 2) == (mode == ShadeMode::Flat ? 0xFFFF0000u : 0xFF804040u));
    }
}

TEST_CASE("pipeline/cull: CCW (default) culls counter-clockwise triangles, CW culls clockwise") {
    const std::vector<float> clockwise = {0, 0, 0.5f, 4, 0, 0.5f, 0, 4, 0.5f};  // y down: right, then down-left
    const std::vector<float> counter = {0, 0, 0.5f, 0, 4, 0.5f, 4, 0, 0.5f};
    for (CullMode cull : {CullMode::None, CullMode::CW, CullMode::CCW}) {
        for (bool cw : {true, false}) {
            Scene s = sceneOf(4, 4);
            Draw d = xyzrhwTriangles(cw ? clockwise : counter, 0xFFFFFFFF);
            d.state.rasterizer.cullMode = cull;
            s.draws.push_back(d);
            const bool drawn = cull == CullMode::None || (cull == CullMode::CCW && cw) || (cull == CullMode::CW && !cw);
            CHECK((pixelArgb(renderFramebuffer(s), 1, 1) == 0xFFFFFFFF) == drawn);
        }
    }
}

TEST_CASE("primitive/clip: a triangle crossing the near plane keeps exactly its z >= 0 part") {
    // Identity transforms: clip = object space, w = 1; viewport 16x16 maps
    // x in [-1, 1] to [0, 16]. The triangle spans the target with z = -1 at the
    // top edge and z = 1 at the bottom vertex, so z = y_window / 8 - 1 and the
    // near plane z = 0 is the row y = 8: rows 8.. are drawn, rows ..7 are not.
    Scene s = sceneOf(16, 16);
    Draw d;
    d.vertices.count = 3;
    d.vertices.position = {Vec4(-1, 1, -1, 1), Vec4(3, 1, -1, 1), Vec4(-1, -1, 1, 1)};
    d.state.rasterizer.cullMode = CullMode::None;
    s.draws.push_back(d);
    // Only the upper-left half is inside the triangle: x + y <= 16 region here
    // is covered by (0,0)-(32,0)-(0,16): every pixel with x/32 + y/16 < 1.
    const Framebuffer fb = renderFramebuffer(s);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) {
            const bool inTriangle = 2 * y + x < 32;
            const bool drawn = inTriangle && y >= 8;
            CHECK_MESSAGE((pixelArgb(fb, x, y) == 0xFFFFFFFF) == drawn, "pixel ", x, ",", y);
        }
}

TEST_CASE("primitive/clip: a vertex behind the eye draws no wrapped-around pixels") {
    // Perspective-like projection w = z: a triangle from in front (z = 1) to
    // behind the eye (z = -1). Without clipping, the vertex behind projects to
    // the opposite side of the screen. With clipping, nothing lands in the
    // right half (x > 0 in clip space only for the vertex behind the eye).
    Scene s = sceneOf(16, 16);
    Draw d;
    d.vertices.count = 3;
    d.vertices.position = {Vec4(-0.5f, -0.5f, 1, 1), Vec4(-0.5f, 0.5f, 1, 1), Vec4(-0.5f, 0.0f, -1, 1)};
    // Row-vector projection: x' = x, y' = y, z' = z, w' = z.
    d.transform.projection << 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0;
    d.state.rasterizer.cullMode = CullMode::None;
    s.draws.push_back(d);
    const Framebuffer fb = renderFramebuffer(s);
    int drawnLeft = 0, drawnRight = 0;
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) (x < 8 ? drawnLeft : drawnRight) += pixelArgb(fb, x, y) == 0xFFFFFFFF;
    CHECK(drawnLeft > 0);
    CHECK(drawnRight == 0);
}

TEST_CASE("parallel/tiles: 1, 2 and 8 threads give the same bytes") {
    // Many overlapping random triangles across many tiles, depth-tested.
    Scene s = sceneOf(300, 200);
    uint32_t seed = 7;
    auto rnd = [&] {
        seed = seed * 1664525u + 1013904223u;
        return float(seed >> 8) / 16777216.0f;
    };
    std::vector<float> xyz;
    for (int i = 0; i < 3000; ++i) {
        const float x = rnd() * 320 - 10, y = rnd() * 220 - 10, z = rnd();
        const float t[9] = {x, y, z, x + rnd() * 60 - 30, y + rnd() * 60 - 30, z, x + rnd() * 60 - 30, y + rnd() * 60 - 30, rnd()};
        xyz.insert(xyz.end(), t, t + 9);
    }
    Draw d = xyzrhwTriangles(xyz, 0xFFFFFFFF);
    for (size_t i = 0; i < d.vertices.count; ++i) d.vertices.diffuse[i] = Vec4(rnd(), rnd(), rnd(), 1);
    s.draws.push_back(d);
    const Framebuffer one = renderFramebuffer(s, 1);
    for (int threads : {2, 8}) {
        const Framebuffer many = renderFramebuffer(s, threads);
        CHECK(many.color == one.color);
        CHECK(many.depth == one.depth);
    }
}

TEST_CASE("pipeline/shade_mode: FLAT keeps the specular-alpha fog factor interpolated (review finding)") {
    // XYZRHW with no fog mode: the fog factor is specular alpha (1, 0, 0 at
    // the three vertices). At pixel (2, 2) of (0,0) (8,0) (0,8), b0 = 1/2, so
    // f = 0.5 under FLAT as under GOURAUD (reference §2, test_fog_interpolation):
    // white * 0.5 + red fog * 0.5 = (1, 0.5, 0.5) -> 0xFFFF8080 (127.5 rounds up).
    for (ShadeMode mode : {ShadeMode::Gouraud, ShadeMode::Flat}) {
        Scene s = sceneOf(8, 8);
        Draw d = xyzrhwTriangles({0, 0, 0.5f, 8, 0, 0.5f, 0, 8, 0.5f}, 0xFFFFFFFF);
        d.vertices.specular = {Vec4(0, 0, 0, 1), Vec4(0, 0, 0, 0), Vec4(0, 0, 0, 0)};
        d.state.rasterizer.shadeMode = mode;
        d.state.pixel.fog.enable = true;
        d.state.pixel.fog.color = 0xFFFF0000;
        s.draws.push_back(d);
        CHECK(pixelArgb(renderFramebuffer(s), 2, 2) == 0xFFFF8080u);
    }
}

TEST_CASE("vertex_stage: XYZRHW depth is stored exactly as given, whatever rhw (review finding)") {
    // Pass 1: z = 0.33 with rhw 1. Pass 2: the same z with rhw 0.01 and
    // ZFUNC EQUAL must hit exactly the depth pass 1 wrote.
    Scene s = sceneOf(4, 4);
    Draw first = xyzrhwRect(0, 0, 4, 4, 0.33f, 0xFFFF0000);
    Draw second = xyzrhwRect(0, 0, 4, 4, 0.33f, 0xFF0000FF);
    for (Vec4& p : second.vertices.position) p.w() = 0.01f;
    second.state.depth.zFunc = Cmp::Equal;
    s.draws = {first, second};
    const Framebuffer fb = renderFramebuffer(s);
    CHECK(pixelArgb(fb, 1, 1) == 0xFF0000FFu);
    // D24 of z = 0.021: round(0.021 * 16777215) = round(352321.5...) = 352322.
    Scene d = sceneOf(2, 2);
    Draw q = xyzrhwRect(0, 0, 2, 2, 0.021f, 0xFFFFFFFF);
    for (Vec4& p : q.vertices.position) p.w() = 0.01f;
    d.draws = {q};
    CHECK(renderFramebuffer(d).depth[0] == storeDepth(DepthFormat::D24S8, 0.021f));
}

TEST_CASE("primitive/clip: a vertex whose clip coordinates overflow float is dropped, not undefined (review finding)") {
    // y * w = 3e38 * 2 overflows to infinity; the triangle cannot be placed in
    // float window coordinates and draws nothing (same on every machine).
    Scene s = sceneOf(8, 8);
    Draw d = xyzrhwTriangles({0, 0, 0.5f, 8, 0, 0.5f, 0, 3e38f, 0.5f}, 0xFFFFFFFF);
    for (Vec4& p : d.vertices.position) p.w() = 0.5f;
    s.draws.push_back(d);
    const Framebuffer one = renderFramebuffer(s, 1);
    const Framebuffer two = renderFramebuffer(s, 2);
    CHECK(one.color == two.color);
    CHECK(pixelArgb(one, 1, 1) == 0xFF000000u);
}

TEST_CASE("pixel/stage_sampling: an unbound BUMPENVMAPLUMINANCE texture scales the next texel by sat(LOFFSET)") {
    // Stage 0: BUMPENVMAPLUMINANCE, no texture (reads (0, 0, 0, 0)), LOFFSET 0.5,
    // so l = sat(0 * LSCALE + 0.5) = 0.5. Stage 1 selects its white texel, scaled
    // to 0.5 -> 0x80 (127.5 rounds up).
    Scene s = sceneOf(2, 2);
    Texture white;
    white.name = "white";
    white.levels.push_back(MipLevel{1, 1, {255, 255, 255, 255}});
    s.textures.push_back(white);
    Draw d = xyzrhwRect(0, 0, 2, 2, 0.5f, 0xFFFFFFFF);
    d.vertices.texcoordSize[0] = 2;
    d.vertices.texcoord[0].assign(d.vertices.count, Vec4(0.5f, 0.5f, 0, 1));
    TextureStageState& bump = d.state.pixel.stages[0];
    bump.colorOp = TextureOp::BumpEnvMapLuminance;
    bump.alphaOp = TextureOp::SelectArg1;
    bump.alphaArg1 = TextureArgument{TextureArg::Diffuse, false, false};
    bump.bumpEnvLOffset = 0.5f;
    TextureStageState& next = d.state.pixel.stages[1];
    next.colorOp = TextureOp::SelectArg1;
    next.colorArg1 = TextureArgument{TextureArg::Texture, false, false};
    next.alphaOp = TextureOp::SelectArg1;
    next.alphaArg1 = TextureArgument{TextureArg::Current, false, false};
    next.texCoordIndex = 0;
    d.state.pixel.textures[1].texture = 0;
    s.draws.push_back(d);
    CHECK((pixelArgb(renderFramebuffer(s), 1, 1) & 0x00FFFFFF) == 0x808080u);
}

TEST_CASE("pipeline/bins: scattered triangles (binned as copies with their records) draw as tile-ordered ones do") {
    // 256 disjoint squares (two triangles each), each an 8x8 cell less a
    // 1 px gap, in a 128x128 target of four 64x64 tiles, with their own
    // colours, specular and rhw per vertex. Tile order (every triangle of
    // tile 0, then tile 1, ...) changes tile 3 times in 512 triangles, so the
    // bins index the set-up triangles; round robin over the tiles changes
    // tile at every triangle (2 * 511 > 512), so the bins hold copies
    // carrying their records' window z, 1/w and varyings. The triangles do
    // not overlap, so both orders must give the same bytes, FLAT and GOURAUD.
    uint32_t seed = 11;
    auto rnd = [&] {
        seed = seed * 1664525u + 1013904223u;
        return float(seed >> 8) / 16777216.0f;
    };
    struct Corner {
        Vec4 position, diffuse, specular;
    };
    using Triangle = std::array<Corner, 3>;
    std::vector<Triangle> byTile[4];
    for (int cy = 0; cy < 16; ++cy)
        for (int cx = 0; cx < 16; ++cx) {
            const float x = float(cx * 8) + 0.25f, y = float(cy * 8) + 0.25f, z = rnd();
            const float px[4] = {x, x + 7, x + 7, x}, py[4] = {y, y, y + 7, y + 7};
            Corner c[4];
            for (int k = 0; k < 4; ++k)
                c[k] = {Vec4(px[k], py[k], z, 0.5f + rnd() * 0.5f), Vec4(rnd(), rnd(), rnd(), rnd()),
                        Vec4(rnd(), rnd(), rnd(), 1)};
            byTile[(cy / 8) * 2 + cx / 8].push_back({c[0], c[1], c[2]});
            byTile[(cy / 8) * 2 + cx / 8].push_back({c[0], c[2], c[3]});
        }
    auto drawOf = [](const std::vector<Triangle>& triangles, ShadeMode mode) {
        Draw d = xyzrhwTriangles({}, 0);
        d.state.rasterizer.shadeMode = mode;
        d.state.pixel.specularEnable = true;
        for (const Triangle& t : triangles)
            for (const Corner& c : t) {
                d.vertices.position.push_back(c.position);
                d.vertices.diffuse.push_back(c.diffuse);
                d.vertices.specular.push_back(c.specular);
            }
        d.vertices.count = d.vertices.position.size();
        return d;
    };
    std::vector<Triangle> tileOrder, roundRobin;
    for (const std::vector<Triangle>& t : byTile) tileOrder.insert(tileOrder.end(), t.begin(), t.end());
    for (size_t i = 0; i < byTile[0].size(); ++i)
        for (const std::vector<Triangle>& t : byTile) roundRobin.push_back(t[i]);
    for (ShadeMode mode : {ShadeMode::Flat, ShadeMode::Gouraud}) {
        CAPTURE(int(mode));
        Scene ordered = sceneOf(128, 128), scattered = sceneOf(128, 128);
        ordered.draws.push_back(drawOf(tileOrder, mode));
        scattered.draws.push_back(drawOf(roundRobin, mode));
        const Framebuffer a = renderFramebuffer(ordered), b = renderFramebuffer(scattered, 2);
        CHECK(pixelArgb(a, 4, 4) != 0xFF000000u);  // drawn
        CHECK(pixelArgb(a, 124, 124) != 0xFF000000u);
        CHECK(a.color == b.color);
        CHECK(a.depth == b.depth);
    }
}

TEST_CASE("pipeline/initial_clear: a target cleared tile by tile ends as one cleared at once") {
    // 150x70 is 3x2 tiles of 64 with partial ones on the right and bottom;
    // the triangle covers part of the first tile only, so most tiles are
    // cleared and never drawn. Every plane must equal the one cleared up front.
    for (const bool withDraw : {false, true}) {
        Scene s = sceneOf(150, 70);
        s.target.clearColor = 0x80406020;  // A 0x80, R 0x40, G 0x60, B 0x20
        s.target.clearDepth = 0.75f;
        s.target.clearStencil = 0x5A;
        if (withDraw) s.draws.push_back(xyzrhwTriangles({2, 2, 0.5f, 40, 2, 0.5f, 2, 40, 0.5f}, 0xFFFF0000));
        for (const int threads : {1, 2}) {
            Framebuffer now(s.target, false, InitialClear::Now);
            Framebuffer byTiles(s.target, false, InitialClear::ByTiles);
            // Garbage where the clear has not run yet: the tiles must overwrite all of it.
            std::fill(byTiles.color.begin(), byTiles.color.end(), uint8_t(0xCD));
            std::fill(byTiles.depth.begin(), byTiles.depth.end(), 0xDEADBEEFu);
            std::fill(byTiles.stencil.begin(), byTiles.stencil.end(), uint8_t(0xCD));
            CHECK(!now.pendingClear);
            CHECK(byTiles.pendingClear);
            renderFrame(s, now, threads);
            renderFrame(s, byTiles, threads);
            CHECK(!byTiles.pendingClear);
            CHECK(byTiles.color == now.color);
            CHECK(byTiles.depth == now.depth);
            CHECK(byTiles.stencil == now.stencil);
            // A pixel no draw reaches: the stored clear (D24S8 depth round(0.75 * (2^24 - 1)) = 12582911.25 -> 12582911).
            CHECK(pixelArgb(byTiles, 149, 69) == 0x80406020u);
            CHECK(byTiles.depth[byTiles.index(149, 69)] == 12582911u);
            CHECK(byTiles.stencil[byTiles.index(149, 69)] == 0x5A);
            if (withDraw) CHECK(pixelArgb(byTiles, 5, 5) == 0xFFFF0000u);
        }
    }
}
