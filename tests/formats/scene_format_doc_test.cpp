// SPDX-License-Identifier: MIT
// The complete example of docs/scene-format.md loads and renders, so the
// documentation cannot drift from the loader.
#include "refrast/render.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace refrast;
using namespace refrast::test;
namespace fs = std::filesystem;

TEST_CASE("docs/scene-format.md: the complete example is a valid scene") {
    const fs::path root(REFRAST_SOURCE_DIR);
    std::ifstream in(root / "docs" / "scene-format.md");
    std::stringstream text;
    text << in.rdbuf();
    const std::string doc = text.str();
    const size_t begin = doc.find("```json\n");
    REQUIRE(begin != std::string::npos);
    const size_t end = doc.find("```", begin + 8);
    TempDir dir;
    const std::string scene = dir.write("scene.json", doc.substr(begin + 8, end - begin - 8));
    // The files it names: a 25-vertex grid + 96 INDEX16 indices (592 bytes),
    // a Texm atlas, a PNG and the shipped effect descriptors.
    fs::copy_file(root / "scenes" / "formats" / "indexed_grid.bin", dir.file("mesh.bin"));
    fs::copy_file(root / "scenes" / "textures" / "atlas.texm", dir.file("atlas.texm"));
    fs::copy_file(root / "golden" / "basic" / "gouraud_triangle.png", dir.file("detail.png"));
    fs::copy_file(root / "scenes" / "sfx" / "specialfx.ini", dir.file("specialfx.ini"));
    const Scene s = loadScene(scene);
    CHECK(s.draws.size() == 4);  // three draws and the sfx entry's draw
    CHECK(s.textures.size() == 3);
    const Image image = render(s);
    CHECK(image.width == 64);
}
