// SPDX-License-Identifier: MIT
// golden update rewrites only goldens whose decoded pixels changed.
#include "src/golden/golden_run.h"
#include "tests/golden/golden_test_util.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::difftest;

TEST_CASE("golden/update: creates missing goldens, rewrites changed ones, keeps equal pixels untouched") {
    Suite s("golden-update");
    const Image base = filledImage(4, 4, {10, 20, 30, 255});
    Image changed = base;
    setPixel(changed, 0, 0, {10, 20, 42, 255});
    s.addScene("same", base);
    s.addScene("changed", changed);
    s.addScene("new", base);
    s.addScene("resized", Image(2, 2));
    s.addGolden("changed", base);
    s.addGolden("resized", base);
    // The same pixels in a PNG with different bytes (an extra trailing byte): not rewritten.
    std::vector<uint8_t> png = encodePng(base);
    png.push_back(0);
    writeFileAtomic(s.golden() + "/same.png", png);

    golden::GoldenArgs a;
    a.scenesDir = s.scenes(), a.goldenDir = s.golden();
    int status = -1;
    const std::string out = captureOutput([&](std::FILE* f) { return golden::runGoldenUpdate(a, s.renderer(), f); }, status);
    CHECK(status == 0);
    CHECK(out == "updated changed: 1 of 16 pixels changed (6.2500e-02), max delta 12\n"
                 "created new: " + s.golden() + "/new.png (4x4)\n"
                 "updated resized: size 4x4 -> 2x2\n"
                 "unchanged same\n"
                 "golden update: 4 scenes: 1 created, 2 updated, 1 unchanged, 0 errors\n");
    CHECK(readPng(s.golden() + "/changed.png") == changed);
    CHECK(readFileBytes(s.golden() + "/same.png") == png);
}
