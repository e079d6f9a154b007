// SPDX-License-Identifier: MIT
// LINELIST, LINESTRIP and POINTLIST (docs/fixed-function.md §2.5), with
// every lit pixel worked out by hand.
#include "refrast/render.h"
#include "refrast/scene.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <set>
#include <utility>

using namespace refrast;
using namespace refrast::test;

namespace {

// An 8x8 X8R8G8B8 target cleared black, no depth, the commands after an
// unlit XYZRHW|DIFFUSE (or `fvf`) setup; the pixels that are not black.
std::set<std::pair<int, int>> litPixels(const std::string& commands, const std::string& fvf = "XYZRHW|DIFFUSE",
                                        const std::string& textures = "[]") {
    TempDir dir;
    const std::string scene = R"({"refrast_scene": 2, "textures": )" + textures + R"(, "surfaces": [
      {"name": "backbuffer", "format": "X8R8G8B8", "width": 8, "height": 8}], "commands": [
      {"Clear": {"flags": "TARGET", "color": "0xff000000"}},
      {"SetRenderState": {"lighting": false, "zenable": false}}, {"SetFVF": ")" + fvf + R"("},)" + commands + "]}";
    const Image image = render(loadScene(dir.write("scene.json", scene)));
    std::set<std::pair<int, int>> lit;
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) {
            const uint8_t* p = &image.rgba[(size_t(y) * 8 + size_t(x)) * 4];
            if (p[0] | p[1] | p[2]) lit.insert({x, y});
        }
    return lit;
}

std::set<std::pair<int, int>> square(int x0, int y0, int x1, int y1) {  // [x0, x1] x [y0, y1]
    std::set<std::pair<int, int>> s;
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) s.insert({x, y});
    return s;
}

const char* kWhite = "\"0xffffffff\"";

std::string vertex(double x, double y) {
    return "[" + std::to_string(x) + ", " + std::to_string(y) + ", 0.5, 1, " + kWhite + "]";
}

}  // namespace

TEST_CASE("LINELIST: the diamond-exit rule lights the start pixel and leaves the end pixel out") {
    // (1, 1) -> (5, 1): x-major, samples x = 1, 2, 3, 4 in [1, 5); (5, 1) is the end.
    CHECK(litPixels(R"({"DrawPrimitiveUP": {"primitive": "LINELIST", "primitive_count": 1, "vertices": [)" +
                    vertex(1, 1) + ", " + vertex(5, 1) + "]}}") == square(1, 1, 4, 1));
    // (1, 1) -> (4, 7): y-major (|dy| 6 > |dx| 3); at y = 1..6 the x is 1 + (y - 1)/2, rounded half up:
    // 1, 1.5 -> 2, 2, 2.5 -> 3, 3, 3.5 -> 4.
    const std::set<std::pair<int, int>> steep = {{1, 1}, {2, 2}, {2, 3}, {3, 4}, {3, 5}, {4, 6}};
    CHECK(litPixels(R"({"DrawPrimitiveUP": {"primitive": "D3DPT_LINELIST", "primitive_count": 1, "vertices": [)" +
                    vertex(1, 1) + ", " + vertex(4, 7) + "]}}") == steep);
}

TEST_CASE("LINESTRIP: each line starts where the one before ended, so the joint is lit once") {
    // (1, 1) -> (5, 1) lights x 1..4; (5, 1) -> (5, 5) lights y 1..4 at x 5; (5, 5) is left out.
    std::set<std::pair<int, int>> want = square(1, 1, 4, 1);
    for (const auto& p : square(5, 1, 5, 4)) want.insert(p);
    CHECK(litPixels(R"({"DrawPrimitiveUP": {"primitive": "LINESTRIP", "primitive_count": 2, "vertices": [)" +
                    vertex(1, 1) + ", " + vertex(5, 1) + ", " + vertex(5, 5) + "]}}") == want);
}

TEST_CASE("POINTLIST: size 1 is one pixel; larger points are screen-aligned squares") {
    // (2.4, 3.6) lies in the sample area [s - 0.5, s + 0.5) of pixel (2, 4).
    CHECK(litPixels(R"({"DrawPrimitiveUP": {"primitive": "POINTLIST", "primitive_count": 1, "vertices": [)" +
                    vertex(2.4, 3.6) + "]}}") == square(2, 4, 2, 4));
    // POINTSIZE 3 at (4, 4): [2.5, 5.5) holds the samples 3, 4, 5 on both axes.
    CHECK(litPixels(R"({"SetRenderState": {"pointsize": 3}}, {"DrawPrimitiveUP": {"primitive": "POINTLIST", "primitive_count": 1, "vertices": [)" +
                    vertex(4, 4) + "]}}") == square(3, 3, 5, 5));
    // POINTSIZE 4 at (4, 4): [2, 6): samples 2..5 (the left and top edges are in, right and bottom out).
    CHECK(litPixels(R"({"SetRenderState": {"D3DRS_POINTSIZE": 4}}, {"DrawPrimitiveUP": {"primitive": "POINTLIST", "primitive_count": 1, "vertices": [)" +
                    vertex(4, 4) + "]}}") == square(2, 2, 5, 5));
    // POINTSIZE 10 clamped by POINTSIZE_MAX 2: [3, 5): samples 3, 4.
    CHECK(litPixels(R"({"SetRenderState": {"pointsize": 10, "pointsize_max": 2}}, {"DrawPrimitiveUP": {"primitive": "POINTLIST", "primitive_count": 1, "vertices": [)" +
                    vertex(4, 4) + "]}}") == square(3, 3, 4, 4));
    // A point outside the viewport is not drawn at all, even partly.
    CHECK(litPixels(R"({"SetRenderState": {"pointsize": 4}}, {"DrawPrimitiveUP": {"primitive": "POINTLIST", "primitive_count": 1, "vertices": [)" +
                    vertex(8.5, 4) + "]}}")
              .empty());
}

TEST_CASE("POINTSCALEENABLE: Vh * POINTSIZE * sqrt(1 / (A + B*De + C*De^2)), De the camera-space distance") {
    // Identity matrices: the point (0, 0, 0.5) maps to window (4, 4) on the 8x8 target, De = 0.5.
    // A = 0, B = 0, C = 16: 8 * 1 * sqrt(1 / (16 * 0.25)) = 8 * 0.5 = 4 pixels: [2, 6).
    const std::string point = R"({"DrawPrimitiveUP": {"primitive": "POINTLIST", "primitive_count": 1, "vertices": [[0, 0, 0.5, "0xffffffff"]]}})";
    CHECK(litPixels(R"({"SetRenderState": {"pointscaleenable": true, "pointscale_a": 0, "pointscale_c": 16}},)" + point,
                    "XYZ|DIFFUSE") == square(2, 2, 5, 5));
    // A = 64 (B = C = 0): 8 * sqrt(1/64) = 1 pixel, the default size: one pixel, (4, 4).
    CHECK(litPixels(R"({"SetRenderState": {"pointscaleenable": true, "pointscale_a": 64}},)" + point, "XYZ|DIFFUSE") ==
          square(4, 4, 4, 4));
    // POINTSIZE_MIN 3 lifts it: [2.5, 5.5), samples 3..5.
    CHECK(litPixels(R"({"SetRenderState": {"pointscaleenable": true, "pointscale_a": 64, "pointsize_min": 3}},)" + point,
                    "XYZ|DIFFUSE") == square(3, 3, 5, 5));
}

TEST_CASE("POINTSPRITEENABLE: texture coordinates run from (0, 0) to (1, 1) across the square") {
    // Size 4 at (4.5, 4.5): [2.5, 6.5), samples 3..6; pixel 3 + t has u = (0.5 + t) / 4 = 0.125 + t/4, the
    // centre of texel t of a 4-texel row (point sampled): the 1-texel checker shows texel (x - 3, y - 3).
    TempDir dir;
    const std::string scene = R"({"refrast_scene": 2, "textures": [{"name": "c", "source": "generated",
      "generate": {"kind": "checker", "width": 4, "height": 4, "cell": 1, "color0": "0xff000000", "color1": "0xffffffff"}}],
      "surfaces": [{"name": "backbuffer", "format": "X8R8G8B8", "width": 8, "height": 8}], "commands": [
      {"Clear": {"flags": "TARGET", "color": "0xff0000ff"}},
      {"SetRenderState": {"lighting": false, "zenable": false, "pointsize": 4, "pointspriteenable": true}},
      {"SetTexture": {"stage": 0, "texture": "c"}},
      {"SetTextureStageState": {"stage": 0, "colorop": "SELECTARG1", "colorarg1": "TEXTURE"}},
      {"SetFVF": "XYZRHW|DIFFUSE"},
      {"DrawPrimitiveUP": {"primitive": "POINTLIST", "primitive_count": 1, "vertices": [[4.5, 4.5, 0.5, 1, "0xffffffff"]]}}]})";
    const Image image = render(loadScene(dir.write("scene.json", scene)));
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) {
            const uint8_t* p = &image.rgba[(size_t(y) * 8 + size_t(x)) * 4];
            INFO("pixel (" << x << ", " << y << ")");
            if (x < 3 || x > 6 || y < 3 || y > 6) {
                CHECK(int(p[2]) == 255);  // the blue clear
                CHECK(int(p[0]) == 0);
            } else {
                CHECK(int(p[0]) == (((x - 3) + (y - 3)) % 2 ? 255 : 0));
                CHECK(int(p[2]) == int(p[0]));
            }
        }
}

TEST_CASE("lines and points: version 1 draws take the primitive key; counts are checked") {
    TempDir dir;
    const std::string v1 = dir.write("scene.json", R"({"refrast_scene": 1, "target": {"width": 8, "height": 8},
      "draws": [{"primitive": "LINELIST", "vertices": {"position": {"format": "XYZRHW", "data": [1,1,0.5,1, 5,1,0.5,1]}},
                 "state": {"zenable": false}}]})");
    const Image image = render(loadScene(v1));
    for (int x = 0; x < 8; ++x) CHECK(int(image.rgba[(8 + size_t(x)) * 4]) == (x >= 1 && x <= 4 ? 255 : 0));
    const std::string odd = dir.write("odd.json", R"({"refrast_scene": 1, "target": {"width": 8, "height": 8},
      "draws": [{"primitive": "LINELIST", "vertices": {"position": {"format": "XYZRHW", "data": [1,1,0.5,1, 5,1,0.5,1, 2,2,0.5,1]}}}]})");
    CliResult r = runRefrast("render " + odd + " -o " + dir.file("odd.png"));
    CHECK(r.status == 2);
    CHECK(r.output.find("odd.json: /draws/0: LINELIST needs a multiple of 2 vertices, got 3") != std::string::npos);
}
