// SPDX-License-Identifier: MIT
// Scene format 2: the command stream loaded and run, with values worked out
// by hand, and the bad-input messages it gives.
#include "raster/command_stream.h"
#include "refrast/error.h"
#include "refrast/render.h"
#include "refrast/scene.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <cstring>

using namespace refrast;
using namespace refrast::test;

namespace {

// A version 2 scene with one 8x8 X8R8G8B8 back buffer, a D16 depth buffer,
// a 2x2 "rt" colour surface, and the given commands.
std::string sceneWith(const std::string& commands, const std::string& extraSurfaces = "") {
    return R"({"refrast_scene": 2, "surfaces": [
      {"name": "backbuffer", "format": "X8R8G8B8", "width": 8, "height": 8},
      {"name": "depth", "format": "D16", "width": 8, "height": 8},
      {"name": "rt", "format": "A8R8G8B8", "width": 2, "height": 2})" +
           extraSurfaces + R"(], "commands": [)" + commands + "]}";
}

Scene load(const std::string& json, TempDir& dir) { return loadScene(dir.write("scene.json", json)); }

uint32_t argbAt(const Image& image, int x, int y) {
    const uint8_t* p = &image.rgba[(size_t(y) * size_t(image.width) + size_t(x)) * 4];
    return uint32_t(p[3]) << 24 | uint32_t(p[0]) << 16 | uint32_t(p[1]) << 8 | p[2];
}

std::string loadError(const std::string& json) {
    TempDir dir;
    try {
        loadScene(dir.write("scene.json", json));
    } catch (const InputError& e) {
        std::string s = e.what();
        const std::string prefix = dir.path.string() + "/";
        if (s.rfind(prefix, 0) == 0) s = s.substr(prefix.size());
        return s;
    }
    return "(no error)";
}

const char* kUnlit = R"({"SetRenderState": {"lighting": false, "cullmode": "NONE"}}, {"SetFVF": "XYZRHW|DIFFUSE"},)";

// Two XYZRHW triangles covering [x0, x1) x [y0, y1) at depth z.
std::string quad(float x0, float y0, float x1, float y1, float z, const char* color) {
    auto v = [&](float x, float y) {
        return "[" + std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(z) + ", 1, \"" + color + "\"]";
    };
    return R"({"DrawPrimitiveUP": {"primitive": "TRIANGLESTRIP", "primitive_count": 2, "vertices": [)" + v(x0, y0) + ", " +
           v(x1, y0) + ", " + v(x0, y1) + ", " + v(x1, y1) + "]}}";
}

}  // namespace

TEST_CASE("scene v2: a clear is clipped to the viewport and, with the scissor test on, the scissor rectangle") {
    TempDir dir;
    const Scene s = load(sceneWith(R"(
      {"SetViewport": {"x": 2, "y": 2, "width": 4, "height": 4}},
      {"Clear": {"flags": "TARGET", "color": "0xffff0000"}},
      {"SetRenderState": {"scissortestenable": true}},
      {"SetScissorRect": [3, 3, 8, 8]},
      {"Clear": {"flags": "D3DCLEAR_TARGET", "color": "0xff00ff00", "rects": [[0, 0, 4, 4], [5, 5, 8, 8]]}})"),
                         dir);
    const Image img = render(s, {});
    CHECK(argbAt(img, 1, 1) == 0xFF000000);  // outside the viewport: the surface's initial colour 0, alpha read as 255
    CHECK(argbAt(img, 2, 2) == 0xFFFF0000);  // viewport [2, 6)^2 ∩ rect [0, 4)^2, outside the scissor
    CHECK(argbAt(img, 3, 3) == 0xFF00FF00);  // rect [0,4)^2 ∩ viewport ∩ scissor [3, 8)^2 = [3, 4)^2
    CHECK(argbAt(img, 4, 4) == 0xFFFF0000);  // in no rect of the second clear
    CHECK(argbAt(img, 5, 5) == 0xFF00FF00);  // rect [5, 8)^2 ∩ viewport [2, 6)^2 ∩ scissor = (5, 5)
    CHECK(argbAt(img, 6, 6) == 0xFF000000);  // outside the viewport
}

TEST_CASE("scene v2: an R5G6B5 surface quantises to 5/6/5 bits and shows the value replicated") {
    TempDir dir;
    const Scene s = load(R"({"refrast_scene": 2, "surfaces": [{"name": "b", "format": "R5G6B5", "width": 2, "height": 1}],
      "commands": [{"Clear": {"flags": "TARGET", "color": "0xff808040"}}]})",
                         dir);
    // r: round(128/255 * 31) = round(15.56) = 16 -> 16 << 3 | 16 >> 2 = 132
    // g: round(128/255 * 63) = round(31.62) = 32 -> 32 << 2 | 32 >> 4 = 130
    // b: round(64/255 * 31)  = round(7.78)  = 8  -> 8 << 3 | 8 >> 2  = 66; no alpha: 255
    CHECK(argbAt(render(s, {}), 1, 0) == 0xFF848242);
}

TEST_CASE("scene v2: a draw samples what an earlier pass rendered into a colour surface") {
    TempDir dir;
    const Scene s = load(sceneWith(R"({"SetRenderTarget": {"index": 0, "surface": "rt"}},
      {"SetDepthStencilSurface": null}, )" + std::string(kUnlit) + quad(0, 0, 2, 2, 0.5f, "0xff00ff00") + R"(,
      {"SetRenderTarget": {"index": 0, "surface": "backbuffer"}}, {"SetDepthStencilSurface": "depth"},
      {"SetTexture": {"stage": 0, "texture": "rt"}},
      {"SetTextureStageState": {"stage": 0, "colorop": "SELECTARG1", "colorarg1": "TEXTURE"}},
      {"SetFVF": "XYZRHW|DIFFUSE|TEX1"},
      {"DrawPrimitiveUP": {"primitive": "TRIANGLESTRIP", "primitive_count": 2, "vertices": [
        [0, 0, 0.5, 1, "0xffffffff", 0, 0], [8, 0, 0.5, 1, "0xffffffff", 1, 0],
        [0, 8, 0.5, 1, "0xffffffff", 0, 1], [8, 8, 0.5, 1, "0xffffffff", 1, 1]]}})"),
                         dir);
    const Image img = render(s, {});
    CHECK(img.width == 8);  // the output is the first colour surface
    CHECK(argbAt(img, 4, 4) == 0xFF00FF00);
}

TEST_CASE("scene v2: depth bias moves a coplanar draw in front, in D16 units") {
    TempDir dir;
    const Scene s = load(sceneWith(std::string(kUnlit) + quad(0, 0, 8, 8, 0.5f, "0xffff0000") + R"(,
      {"SetRenderState": {"zfunc": "LESS"}},)" + quad(0, 0, 8, 8, 0.5f, "0xff0000ff") + R"(,
      {"SetRenderState": {"D3DRS_DEPTHBIAS": -0.0001}},)" + quad(0, 0, 4, 8, 0.5f, "0xff00ff00")),
                         dir);
    const FrameSurfaces f = runCommandStream(s, 1);
    const Framebuffer& z = *f.depth();
    // z = 0.5: floor(0.5 * 65535 + 0.5) = 32768. The blue draw at the same z fails LESS.
    CHECK(z.depth[z.index(6, 0)] == 32768);
    // z' = 0.5 - 0.0001 = 0.4999: floor(0.4999 * 65535 + 0.5) = floor(32761.4465) = 32761, which passes LESS.
    CHECK(z.depth[z.index(1, 0)] == 32761);
    const uint8_t* left = &f.color().color[f.color().index(1, 0) * 4];
    const uint8_t* right = &f.color().color[f.color().index(6, 0) * 4];
    CHECK((left[0] == 0 && left[1] == 255 && left[2] == 0));   // green: biased in front
    CHECK((right[0] == 255 && right[1] == 0 && right[2] == 0));  // red: the unbiased blue draw lost
}

TEST_CASE("scene v2: states by lower-case name, D3D constant name and number are the same state") {
    TempDir dir;
    for (const char* delta : {R"("zfunc": "GREATER")", R"("D3DRS_ZFUNC": "D3DCMP_GREATER")", R"("23": 5)"}) {
        const Scene s = load(sceneWith(std::string(kUnlit) + R"({"SetRenderState": {)" + delta + "}}," +
                                       quad(0, 0, 8, 8, 0.5f, "0xffffffff")),
                             dir);
        REQUIRE(s.draws.size() == 1);
        CHECK(s.draws[0].state.depth.zFunc == Cmp::Greater);
        CHECK(s.draws[0].state.rasterizer.cullMode == CullMode::None);
    }
}

TEST_CASE("scene v2: DrawIndexedPrimitive reads streams and indices with base vertex and min index") {
    TempDir dir;
    // Vertex buffer: 6 XYZRHW|DIFFUSE vertices (20 bytes each); the draw uses
    // vertices 2..5 as base 1 + indices 1..4 (min_index 1, num_vertices 4).
    std::string vb;
    auto put = [&](float x, float y, uint32_t color) {
        const float f[4] = {x, y, 0.5f, 1.0f};
        vb.append(reinterpret_cast<const char*>(f), 16);
        vb.append(reinterpret_cast<const char*>(&color), 4);
    };
    put(99, 99, 0);
    put(99, 99, 0);
    put(0, 0, 0xFF0000FF);
    put(8, 0, 0xFF0000FF);
    put(0, 8, 0xFF0000FF);
    put(8, 8, 0xFF0000FF);
    const uint16_t ib[6] = {1, 2, 3, 3, 2, 4};
    dir.write("vb.bin", vb);
    dir.write("ib.bin", std::string(reinterpret_cast<const char*>(ib), sizeof ib));
    const Scene s = load(R"({"refrast_scene": 2,
      "buffers": [{"uri": "vb.bin", "byte_length": 120}, {"uri": "ib.bin", "byte_length": 12}],
      "surfaces": [{"name": "b", "format": "A8R8G8B8", "width": 8, "height": 8}],
      "commands": [)" + std::string(kUnlit) + R"(
        {"SetStreamSource": {"stream": 0, "buffer": 0, "offset": 0, "stride": 20}},
        {"SetIndices": {"buffer": 1, "format": "D3DFMT_INDEX16"}},
        {"DrawIndexedPrimitive": {"primitive": "D3DPT_TRIANGLELIST", "base_vertex_index": 1, "min_index": 1,
          "num_vertices": 4, "start_index": 0, "primitive_count": 2}}]})",
                         dir);
    REQUIRE(s.draws.size() == 1);
    CHECK(s.draws[0].vertices.count == 4);
    CHECK(s.draws[0].indices == std::vector<uint32_t>{0, 1, 2, 2, 1, 3});
    CHECK(argbAt(render(s, {}), 7, 7) == 0xFF0000FF);
}

TEST_CASE("scene v2: a render-target cube: its faces are render targets and it samples as a cube") {
    // Face +X cleared green, face -X red (the other four stay 0); a quad
    // whose directions are all (1, 0, 0) reads +X, one of (-1, 0, 0) reads -X.
    const std::string cube = R"(, {"name": "env", "format": "X8R8G8B8", "width": 2, "height": 2, "cube": true})";
    auto sample = [](float x0, float x1, const char* dir) {
        std::string v;
        for (const char* corner : {"0", "1", "2", "3"}) {
            const bool right = corner[0] == '1' || corner[0] == '3', bottom = corner[0] >= '2';
            if (!v.empty()) v += ", ";
            v += "[" + std::to_string(right ? x1 : x0) + ", " + (bottom ? "8" : "0") + ", 0.5, 1, \"0xffffffff\", " + dir + "]";
        }
        return R"({"DrawPrimitiveUP": {"primitive": "TRIANGLESTRIP", "primitive_count": 2, "vertices": [)" + v + "]}}";
    };
    TempDir dir;
    const Scene s = load(sceneWith(R"J({"SetDepthStencilSurface": null},
      {"SetRenderTarget": {"index": 0, "surface": "env/POSITIVE_X"}}, {"Clear": {"flags": "TARGET", "color": "0xff00ff00"}},
      {"SetRenderTarget": {"index": 0, "surface": "env/NEGATIVE_X"}}, {"Clear": {"flags": "TARGET", "color": "0xffff0000"}},
      {"SetRenderTarget": {"index": 0, "surface": "backbuffer"}},
      {"SetRenderState": {"lighting": false, "cullmode": "NONE"}},
      {"SetTexture": {"stage": 0, "texture": "env"}},
      {"SetTextureStageState": {"stage": 0, "colorop": "SELECTARG1", "colorarg1": "TEXTURE"}},
      {"SetFVF": "XYZRHW|DIFFUSE|TEX1|TEXCOORDSIZE3(0)"}, )J" +
                                       sample(0, 4, "1, 0, 0") + ", " + sample(4, 8, "-1, 0, 0"),
                                   cube),
                         dir);
    const Image img = render(s, {});
    CHECK(img.width == 8);
    CHECK(argbAt(img, 1, 4) == 0xFF00FF00);
    CHECK(argbAt(img, 6, 4) == 0xFFFF0000);

    CHECK(loadError(sceneWith("", R"(, {"name": "env", "format": "X8R8G8B8", "width": 2, "height": 4, "cube": true})")) ==
          "scene.json: /surfaces/3/cube: a cube's faces are square: width and height differ");
    CHECK(loadError(sceneWith("", R"(, {"name": "env", "format": "D16", "width": 2, "height": 2, "cube": true})")) ==
          "scene.json: /surfaces/3: a cube surface must have a colour format (depth/stencil cubes are unsupported)");
    CHECK(loadError(sceneWith("", cube + R"(, {"name": "env/NEGATIVE_Y", "format": "X8R8G8B8", "width": 2, "height": 2})")) ==
          R"(scene.json: /surfaces/4/name: a second surface named "env/NEGATIVE_Y")");
    CHECK(loadError(sceneWith(R"({"SetRenderTarget": {"index": 0, "surface": "env/POSITIVE_Z"}}, {"SetTexture": {"stage": 0, "texture": "env"}},)" +
                                  std::string(kUnlit) + quad(0, 0, 2, 2, 0.5f, "0xffffffff"),
                              cube)) ==
          R"(scene.json: /commands/4/DrawPrimitiveUP: stage 0 samples "env", the current render target (D3D9 forbids it))");
}

TEST_CASE("scene v2: bad input names the command and what is wrong") {
    const std::string draw = std::string(kUnlit) + quad(0, 0, 8, 8, 0.5f, "0xffffffff");
    CHECK(loadError(sceneWith(R"({"SetRenderState": {"fogstrat": 1}})")) ==
          R"(scene.json: /commands/0/SetRenderState/fogstrat: unknown key "fogstrat" (did you mean "fogstart"?))");
    CHECK(loadError(sceneWith(R"({"SetRenderState": {"srgbwriteenable": true}})")) ==
          R"(scene.json: /commands/0/SetRenderState/srgbwriteenable: unsupported state "D3DRS_SRGBWRITEENABLE" = true (changes pixels; not implemented: sRGB conversion on write is not implemented))");
    CHECK(loadError(sceneWith(R"({"SetRenderState": {"srgbwriteenable": 0, "ditherenable": true}})")) == "(no error)");
    CHECK(loadError(sceneWith(R"({"SetRenderState": {"zfunc": 9}})")) ==
          R"(scene.json: /commands/0/SetRenderState/zfunc: 9 is not a D3DCMPFUNC value (a compare function))");
    CHECK(loadError(sceneWith(R"({"Clear": {"flags": "TARGET", "rects": [[0, 0, 9, 4]]}})")) ==
          R"(scene.json: /commands/0/Clear/rects/0: the clear rectangle lies outside the 8x8 surface "backbuffer")");
    CHECK(loadError(sceneWith(R"({"SetDepthStencilSurface": null}, {"Clear": {"flags": "ZBUFFER"}})")) ==
          R"(scene.json: /commands/1/Clear/flags: ZBUFFER or STENCIL with no depth/stencil surface set (D3D9 rejects the call))");
    CHECK(loadError(sceneWith(R"({"SetRenderTarget": {"index": 0, "surface": "rt"}}, {"SetTexture": {"stage": 1, "texture": "rt"}},)" +
                              draw)) ==
          R"(scene.json: /commands/4/DrawPrimitiveUP: stage 1 samples "rt", the current render target (D3D9 forbids it))");
    CHECK(loadError(sceneWith(R"({"SetFVF": "XYZ|DIFFUSE"}, {"DrawPrimitiveUP": {"primitive": "TRIANGLELIST", "primitive_count": 1,
      "vertices": [[0, 0, 0, 1], [1, 0, 0, 1], [0, 1, 0, 1]]}})")) ==
          "(no error)");  // LIGHTING starts TRUE, as in D3D9: the draw is lit (docs/fixed-function.md §16)
    // ZENABLE is a D3DZBUFFERTYPE: D3DZB_TRUE (1) and D3DZB_FALSE (0) are read,
    // D3DZB_USEW (2) is W-buffering, which refrast does not implement.
    CHECK(loadError(sceneWith(R"({"SetRenderState": {"zenable": "D3DZB_TRUE"}}, {"SetRenderState": {"zenable": 0}})")) ==
          "(no error)");
    CHECK(loadError(sceneWith(R"({"SetRenderState": {"zenable": 2}})")) ==
          R"(scene.json: /commands/0/SetRenderState/zenable: unsupported z-buffer type "D3DZB_USEW" (not implemented; expected one of FALSE, TRUE))");
    CHECK(loadError(sceneWith(R"({"SetRenderState": {"zenable": "USEW"}})")) ==
          R"(scene.json: /commands/0/SetRenderState/zenable: unsupported z-buffer type "D3DZB_USEW" (not implemented; expected one of FALSE, TRUE))");
    CHECK(loadError(sceneWith(R"({"SetRenderState": {"zenable": "MAYBE"}})")) ==
          R"(scene.json: /commands/0/SetRenderState/zenable: unknown z-buffer type "MAYBE" (expected one of FALSE, TRUE))");
    CHECK(loadError(sceneWith(R"({"Clearr": {}})")) == R"(scene.json: /commands/0/Clearr: unknown command "Clearr" (did you mean "Clear"?))");
    CHECK(loadError(sceneWith(R"({"SetTexture": {"stage": 0, "texture": "depth"}})")) ==
          R"(scene.json: /commands/0/SetTexture/texture: unknown texture "depth" (not in /textures))");
}

TEST_CASE("scene v2: vertex blending states, FVFs and their errors") {
    const std::string tri =
        R"({"DrawPrimitiveUP": {"primitive": "TRIANGLELIST", "primitive_count": 1, "vertices": [)";
    // XYZB1: one weight per vertex after the position.
    const std::string weighted = tri + R"([0, 0, 0.5, 1], [1, 0, 0.5, 1], [0, 1, 0.5, 1]]}})";
    CHECK(loadError(sceneWith(R"({"SetRenderState": {"lighting": false, "vertexblend": "1WEIGHTS"}}, {"SetFVF": "XYZB1"},)" +
                              weighted)) == "(no error)");
    CHECK(loadError(sceneWith(R"({"SetRenderState": {"lighting": false, "vertexblend": "2WEIGHTS"}}, {"SetFVF": "XYZB1"},)" +
                              weighted)) ==
          "scene.json: /commands/2/DrawPrimitiveUP: vertexblend 2WEIGHTS needs 2 blend weights per vertex; the vertices carry 1");
    CHECK(loadError(sceneWith(R"({"SetRenderState": {"vertexblend": "TWEENING"}})")) ==
          R"(scene.json: /commands/0/SetRenderState/vertexblend: unsupported vertex blend flag "D3DVBF_TWEENING" (not implemented; expected one of DISABLE, 1WEIGHTS, 2WEIGHTS, 3WEIGHTS, 0WEIGHTS))");
    CHECK(loadError(sceneWith(R"({"SetFVF": "XYZ|LASTBETA_UBYTE4"})")) ==
          "scene.json: /commands/0/SetFVF: the FVF 0x1002 sets LASTBETA_UBYTE4 / LASTBETA_D3DCOLOR without XYZB1..XYZB5");
}
