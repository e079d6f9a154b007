// SPDX-License-Identifier: MIT
// A small golden suite on disk with a fake renderer (no rasterizer needed).
#pragma once

#include "refrast/error.h"
#include "src/golden/golden_check.h"
#include "tests/diff/diff_test_util.h"

#include <cstdio>
#include <filesystem>
#include <map>

namespace refrast::difftest {

struct Suite {
    TempDir dir;
    std::map<std::string, golden::RenderedScene> renders;  // scene path -> what the fake renderer returns
    std::map<std::string, std::string> errors;             // scene path -> the InputError it throws

    explicit Suite(const std::string& name) : dir(name) {
        std::filesystem::create_directories(dir.path / "scenes");
        std::filesystem::create_directories(dir.path / "golden");
    }
    std::string scenes() const { return dir.file("scenes"); }
    std::string golden() const { return dir.file("golden"); }

    // Adds scene NAME (an empty JSON object on disk) rendering to `render` under `gate`.
    std::string addScene(const std::string& name, const Image& render, const GateSpec& gate = {}) {
        const std::filesystem::path path = dir.path / "scenes" / (name + ".json");
        std::filesystem::create_directories(path.parent_path());
        writeFileAtomic(path.string(), {'{', '}'});
        golden::RenderedScene rendered;
        rendered.image = render, rendered.gate = gate;
        renders[path.string()] = rendered;
        return path.string();
    }
    // Adds scene NAME whose loading fails with `what`.
    void addBrokenScene(const std::string& name, const std::string& what) { errors[addScene(name, Image(1, 1))] = what; }
    void addGolden(const std::string& name, const Image& image) const {
        const std::filesystem::path path = dir.path / "golden" / (name + ".png");
        std::filesystem::create_directories(path.parent_path());
        writePng(path.string(), image);
    }
    golden::SceneRenderer renderer() const {
        return [this](const std::string& path, int) {
            if (errors.count(path)) throw InputError(path, "", errors.at(path));
            return renders.at(path);
        };
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

}  // namespace refrast::difftest
