// SPDX-License-Identifier: MIT
// `refrast render` as CI scripts call it: exit statuses, views, thread counts.
#include "refrast/image.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::test;

namespace {
const std::string kScene = std::string(REFRAST_SOURCE_DIR) + "/scenes/depth/intersecting_quads_d24s8.json";
}

TEST_CASE("cli/render: the PNG is byte-identical for 1, 2 and 8 threads") {
    TempDir dir;
    std::vector<uint8_t> first;
    for (int threads : {1, 2, 8}) {
        const std::string out = dir.file("t" + std::to_string(threads) + ".png");
        const CliResult r = runRefrast("render " + kScene + " -o " + out + " --threads " + std::to_string(threads));
        REQUIRE(r.status == 0);
        const std::vector<uint8_t> bytes = readFileBytes(out);
        if (first.empty()) first = bytes;
        CHECK(bytes == first);
    }
}

TEST_CASE("cli/render: debug views draw the depth, the draw id and the overdraw") {
    TempDir dir;
    for (const char* view : {"depth", "draw-id", "overdraw"}) {
        const std::string out = dir.file(std::string(view) + ".png");
        REQUIRE(runRefrast("render " + kScene + " -o " + out + " --view " + view).status == 0);
        const Image img = readPng(out);
        const uint8_t* centre = img.pixel(48, 48);  // both quads meet here; the red one is drawn first
        const uint8_t* corner = img.pixel(0, 0);    // cleared
        if (std::string(view) == "depth") {
            CHECK(corner[0] == 255);  // clear depth 1.0
            CHECK(centre[0] < 255);
        } else if (std::string(view) == "overdraw") {
            CHECK(corner[0] == 0);    // nothing written
            CHECK(centre[0] == 16);   // one fragment written (the blue quad fails LESSEQUAL there or wins once)
        } else {
            CHECK(corner[0] == 0);
            CHECK((centre[0] | centre[1] | centre[2]) != 0);
        }
    }
}

TEST_CASE("cli/render: usage errors exit 2, --help exits 0") {
    CHECK(runRefrast("render --help").status == 0);
    CHECK(runRefrast("render " + kScene).status == 2);  // no -o and no --timings
    CHECK(runRefrast("render " + kScene + " -o x.png --view nope").status == 2);
    CHECK(runRefrast("frobnicate").status == 2);
    const CliResult r = runRefrast("render " + kScene + " --timings --repeat 2");
    CHECK(r.status == 0);
    CHECK(r.output.find("runs=2 median_ms=") != std::string::npos);
}
