// SPDX-License-Identifier: MIT
// Helpers for the diff tests: small images and running the refrast binary.
#pragma once

#include "refrast/image.h"
#include "tests/support/cli.h"

#include <algorithm>
#include <initializer_list>

namespace refrast::difftest {

inline Image filledImage(int w, int h, std::initializer_list<uint8_t> rgba) {
    Image image(w, h);
    for (size_t i = 0; i < image.rgba.size(); ++i) image.rgba[i] = *(rgba.begin() + i % 4);
    return image;
}

inline void setPixel(Image& image, int x, int y, std::initializer_list<uint8_t> rgba) {
    std::copy(rgba.begin(), rgba.end(), image.pixel(x, y));
}

using test::TempDir;
using test::readText;
using test::RunResult;
using test::runRefrast;

}  // namespace refrast::difftest
