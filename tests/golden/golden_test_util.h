// SPDX-License-Identifier: MIT
// A small golden suite on disk with a fake renderer (no rasterizer needed).
#pragma once

#include "src/golden/golden_check.h"
#include "tests/diff/diff_test_util.h"

#include <cstdio>
#include <filesystem>
#include <map>

namespace refrast::test {

struct Suite {
    TempDir dir;
    std::map<std::string, Image> renders;  // scene path -> what the fake renderer returns

    explicit Suite(const std::string& name) : dir(name) {
        std::filesystem::create_directories(dir.path / "scenes");
        std::filesystem::create_directories(dir.path / "golden");
    }
    std::string scenes() const { return dir.file("scenes"); }
    std::string golden() const { return dir.file("golden"); }

    // Adds scene NAME whose JSON is `json`, rendering to `render`.
    void addScene(const std::string& name, const std::string& json, const Image& render) {
        const std::filesystem::path path = dir.path / "scenes" / (name + ".json");
        std::filesystem::create_directories(path.parent_path());
        writeFileAtomic(path.string(), std::vector<uint8_t>(json.begin(), json.end()));
        renders[path.string()] = render;
    }
    void addGolden(const std::string& name, const Image& image) const {
        const std::filesystem::path path = dir.path / "golden" / (name + ".png");
        std::filesystem::create_directories(path.parent_path());
        writePng(path.string(), image);
    }
    golden::SceneRenderer renderer() const {
        return [this](const std::string& path, int) { return renders.at(path); };
    }
};

// Captures what a function writes to a FILE*.
template <class F>
std::string captureOutput(F&& f, int& status) {
    std::FILE* file = std::tmpfile();
    status = f(file);
    std::fflush(file);
    std::rewind(file);
    std::string text;
    char buffer[4096];
    for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;) text.append(buffer, n);
    std::fclose(file);
    return text;
}

}  // namespace refrast::test
