// SPDX-License-Identifier: MIT
// The complete version 2 example of docs/scene-format.md, loaded and rendered
// as the page shows it, with pixels worked out by hand; and the issue's
// bad-input list through the command line: exit 2, the JSON pointer, no output.
#include "refrast/render.h"
#include "refrast/scene.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace refrast;
using namespace refrast::test;

namespace {

// The first ```json block after the heading "# Scene format, version 2".
std::string versionTwoExample() {
    std::ifstream in(std::string(REFRAST_SOURCE_DIR) + "/docs/scene-format.md");
    std::stringstream all;
    all << in.rdbuf();
    const std::string text = all.str();
    const size_t section = text.find("# Scene format, version 2");
    REQUIRE(section != std::string::npos);
    const size_t begin = text.find("```json\n", section);
    REQUIRE(begin != std::string::npos);
    const size_t end = text.find("```\n", begin + 8);
    return text.substr(begin + 8, end - begin - 8);
}

uint32_t rgbAt(const Image& image, int x, int y) {
    const uint8_t* p = &image.rgba[(size_t(y) * size_t(image.width) + size_t(x)) * 4];
    return uint32_t(p[0]) << 16 | uint32_t(p[1]) << 8 | p[2];
}

}  // namespace

TEST_CASE("docs/scene-format.md: the complete version 2 example renders as described") {
    TempDir dir;
    const Scene scene = loadScene(dir.write("example.json", versionTwoExample()));
    const Image image = render(scene);
    // The output is the 64x48 X8R8G8B8 back buffer: alpha reads 255.
    REQUIRE(image.width == 64);
    REQUIRE(image.height == 48);
    CHECK(int(image.rgba[3]) == 255);
    // Outside the water: the back buffer's clear (two rects that cover it), 0xff203040.
    CHECK(rgbAt(image, 0, 0) == 0x203040);
    CHECK(rgbAt(image, 63, 47) == 0x203040);
    // The water quad (-1..1 at z 4): x_ndc = ±1.299038/4 = ±0.324760, so X = 32 ± 10.392 = [21.608, 42.392];
    // Y = 24 ∓ 1.732051/4 · 24 = 24 ∓ 10.392. (20, 24) is left of it, (22, 24) inside.
    CHECK(rgbAt(image, 20, 24) == 0x203040);
    CHECK(rgbAt(image, 22, 24) != 0x203040);
    // The decal (-0.5..0.5): X = 32 ± 5.196 = [26.804, 37.196], v = 0 at Y = 29.196 (world y = -0.5).
    // At (28, 27): u = 1.196/10.392 = 0.115, v = 2.196/10.392 = 0.211; texel centres u·16 − 0.5 = 1.34,
    // v·16 − 0.5 = 2.88: the four bilinear texels (1..2, 2..3) all lie in the checker's first 4x4 cell,
    // colour0 0xff202020; MODULATE by white diffuse keeps 0x20. Its depth bias puts it over the water.
    CHECK(rgbAt(image, 28, 27) == 0x202020);
    // A water pixel beside the decal samples the reflection: the sky gradient rendered into "reflection"
    // from 0x4080ff (top) to 0x102040 (bottom), so each channel lies between the two.
    const uint32_t w = rgbAt(image, 23, 24);
    CHECK(((w >> 16) & 0xFF) >= 0x10);
    CHECK(((w >> 16) & 0xFF) <= 0x40);
    CHECK(((w >> 8) & 0xFF) >= 0x20);
    CHECK(((w >> 8) & 0xFF) <= 0x80);
    CHECK((w & 0xFF) >= 0x40);
    CHECK((w & 0xFF) <= 0xFF);
}

TEST_CASE("scene v2 bad input: each case exits 2 with the JSON pointer and writes no image") {
    TempDir dir;
    const std::string surfaces = R"("surfaces": [{"name": "backbuffer", "format": "X8R8G8B8", "width": 8, "height": 8},
      {"name": "rt", "format": "A8R8G8B8", "width": 8, "height": 8}])";
    const std::string draw = R"({"SetFVF": "XYZRHW|DIFFUSE"}, {"DrawPrimitiveUP": {"primitive": "TRIANGLELIST", "primitive_count": 1,
      "vertices": [[0, 0, 0.5, 1, 0], [8, 0, 0.5, 1, 0], [0, 8, 0.5, 1, 0]]}})";
    struct Case {
        const char* what;
        std::string scene;
        std::string message;
    };
    const Case cases[] = {
        {"a draw before any target: no colour surface",
         R"({"refrast_scene": 2, "surfaces": [{"name": "z", "format": "D16", "width": 8, "height": 8}], "commands": [)" + draw + "]}",
         "scene.json: /surfaces: needs at least one colour surface (render target 0)"},
        {"a draw before any target: render target 0 set to null",
         R"({"refrast_scene": 2, )" + surfaces + R"(, "commands": [{"SetRenderTarget": {"index": 0, "surface": null}}, )" + draw + "]}",
         "scene.json: /commands/0/SetRenderTarget/surface: render target 0 cannot be null"},
        {"a texture that is the current render target",
         R"({"refrast_scene": 2, )" + surfaces + R"(, "commands": [{"SetRenderTarget": {"index": 0, "surface": "rt"}},
           {"SetTexture": {"stage": 0, "texture": "rt"}}, )" + draw + "]}",
         "scene.json: /commands/3/DrawPrimitiveUP: stage 0 samples \"rt\", the current render target (D3D9 forbids it)"},
        {"a clear rect outside the surface",
         R"({"refrast_scene": 2, )" + surfaces + R"(, "commands": [{"Clear": {"flags": "TARGET", "rects": [[4, 4, 12, 8]]}}]})",
         "scene.json: /commands/0/Clear/rects/0: the clear rectangle lies outside the 8x8 surface \"backbuffer\""},
        {"an out-of-range enum number",
         R"({"refrast_scene": 2, )" + surfaces + R"(, "commands": [{"SetRenderState": {"D3DRS_CULLMODE": 7}}]})",
         "scene.json: /commands/0/SetRenderState/D3DRS_CULLMODE: 7 is not a D3DCULL value"},
        {"an out-of-range primitive type number",
         R"({"refrast_scene": 2, )" + surfaces + R"(, "commands": [{"SetFVF": "XYZRHW"}, {"DrawPrimitiveUP": {"primitive": 9,
           "primitive_count": 1, "vertices": [[0, 0, 0, 1]]}}]})",
         "scene.json: /commands/1/DrawPrimitiveUP/primitive: 9 is not a D3DPRIMITIVETYPE value"},
    };
    for (const Case& c : cases) {
        INFO(c.what);
        const std::string path = dir.write("scene.json", c.scene);
        const CliResult r = runRefrast("render " + path + " -o " + dir.file("out.png"));
        CHECK(r.status == 2);
        CHECK(r.output.find(c.message) != std::string::npos);
        CHECK(r.output.find('\n') == r.output.size() - 1);  // one line
        CHECK(!std::filesystem::exists(dir.path / "out.png"));
    }
}
