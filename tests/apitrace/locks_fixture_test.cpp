// SPDX-License-Identifier: MIT
// The committed fixture tests/apitrace/traces/d3d9_locks.trace, made by
// tests/apitrace/programs/d3d9_locks.cpp under Wine (make-traces.sh): DISCARD
// and NOOVERWRITE partial vertex-buffer locks, a partial index-buffer lock, a
// two-level texture with a partial-rect lock in frame 1, render to texture in
// frame 2, three frames.
#include "refrast/image.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {
const std::string kLocksTrace = std::string(REFRAST_SOURCE_DIR) + "/tests/apitrace/traces/d3d9_locks.trace";
const std::string kLocksWine = std::string(REFRAST_SOURCE_DIR) + "/tests/apitrace/traces/d3d9_locks.wine.bgrx";
}  // namespace

TEST_CASE("apitrace/locks fixture: frames, and the last one against the frame Wine read back") {
    const test::CliResult list = test::runRefrast("import apitrace " + kLocksTrace + " --list");
    REQUIRE(list.status == 0);
    // Present ends frames 0-2; GetRenderTargetData ends frame 3 (the read-back).
    CHECK(list.output.find("frame 2: calls 88-132, 8 draws (default)") != std::string::npos);
    test::TempDir dir;
    const std::string png = dir.file("f2.png");
    REQUIRE(test::runRefrast("render " + kLocksTrace + " -o " + png).status == 0);
    // Wine's frame: the same gate as the shared traces (docs/apitrace.md); this one matches exactly today.
    const test::CliResult d = test::runRefrast("diff " + png + " " + kLocksWine +
                                               " --raw-size 256x256 --raw-format bgrx8 --tolerance 8 --max-fraction 0.0025");
    CHECK_MESSAGE(d.status == 0, d.output);
}

TEST_CASE("apitrace/locks fixture: each frame sees the texture and buffer contents of its own time") {
    test::TempDir dir;
    Image frames[3];
    for (int f = 0; f < 3; ++f) {
        const std::string png = dir.file("f" + std::to_string(f) + ".png");
        REQUIRE(test::runRefrast("render " + kLocksTrace + " --frame " + std::to_string(f) + " -o " + png).status == 0);
        frames[f] = readPng(png);
    }
    // The textured quad spans x, y 96..160 for 32 texels: texels 8..15 (the
    // rect locked red in frame 1) cover pixels 112..127. Frame 0 predates it.
    for (int f = 0; f < 3; ++f) {
        const uint8_t* p = frames[f].pixel(120, 120);
        CAPTURE(f);
        if (f == 0) CHECK(!(p[0] == 255 && p[1] == 0 && p[2] == 0));
        else CHECK((p[0] == 255 && p[1] == 0 && p[2] == 0));
    }
    // Quad 0 (16..80) is drawn with green 0x40 · (frame + 1) over red: DISCARD data per frame.
    for (int f = 0; f < 3; ++f) {
        CAPTURE(f);
        CHECK(frames[f].pixel(48, 48)[0] == 255);
        CHECK(frames[f].pixel(48, 48)[1] == 0x40 * (f + 1));
    }
    // Render to texture only in frame 2: its white triangle lands in the quad at 176..240 × 160..224.
    CHECK(frames[2].pixel(208, 208)[0] == 255);
    CHECK(frames[2].pixel(208, 208)[1] == 255);
    CHECK(frames[1].pixel(208, 208)[0] != 255);
}
