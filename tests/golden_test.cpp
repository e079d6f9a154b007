// SPDX-License-Identifier: MIT
// Every scene under scenes/ renders to exactly the pixels of its golden PNG
// (golden/NAME.png for scenes/NAME.json), and to the same bytes with 1 and 2
// threads. Goldens are never rewritten by tests (scripts/regen-goldens does).
#include "refrast/image.h"
#include "refrast/render.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

using namespace refrast;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> listScenes(const fs::path& root) {
    std::vector<fs::path> scenes;
    for (const auto& e : fs::recursive_directory_iterator(root))
        if (e.is_regular_file() && e.path().extension() == ".json") scenes.push_back(e.path());
    std::sort(scenes.begin(), scenes.end());
    return scenes;
}

}  // namespace

TEST_CASE("golden: every scene matches its golden image exactly, at 1 and 2 threads") {
    const fs::path root(REFRAST_SOURCE_DIR);
    const std::vector<fs::path> scenes = listScenes(root / "scenes");
    REQUIRE(!scenes.empty());
    for (const fs::path& scenePath : scenes) {
        const fs::path name = fs::relative(scenePath, root / "scenes").replace_extension("");
        const fs::path golden = root / "golden" / name.string();
        INFO("scene ", name.string());
        const Scene scene = loadScene(scenePath.string());
        const Image one = render(scene, RenderOptions{1, RenderView::Final});
        const Image two = render(scene, RenderOptions{2, RenderView::Final});
        CHECK(one == two);
        REQUIRE_MESSAGE(fs::exists(golden.string() + ".png"), "missing golden: run scripts/regen-goldens");
        const Image expected = readPng(golden.string() + ".png");
        CHECK(one == expected);
    }
}
