// SPDX-License-Identifier: MIT
// Helpers for the diff tests: small images and running the refrast binary.
#pragma once

#include "refrast/image.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace refrast::difftest {

inline Image filledImage(int w, int h, std::initializer_list<uint8_t> rgba) {
    Image image(w, h);
    for (size_t i = 0; i < image.rgba.size(); ++i) image.rgba[i] = *(rgba.begin() + i % 4);
    return image;
}

inline void setPixel(Image& image, int x, int y, std::initializer_list<uint8_t> rgba) {
    std::copy(rgba.begin(), rgba.end(), image.pixel(x, y));
}

// A fresh directory under the system temp dir, removed at scope exit; the
// process id in its name keeps test runs of two checkouts at once apart.
struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& name)
        : path(std::filesystem::temp_directory_path() / ("refrast-" + name + "-" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    std::string file(const std::string& name) const { return (path / name).string(); }
};

inline std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

struct RunResult {
    int status;
    std::string out, err;
};

// Runs `refrast ARGS` in `dir`, capturing stdout and stderr.
inline RunResult runRefrast(const TempDir& dir, const std::string& args) {
    const std::string out = dir.file("stdout.txt"), err = dir.file("stderr.txt");
    const std::string command = "cd '" + dir.path.string() + "' && '" REFRAST_BINARY "' " + args + " >'" + out +
                                "' 2>'" + err + "'";
    const int raw = std::system(command.c_str());
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, readText(out), readText(err)};
}

}  // namespace refrast::difftest
