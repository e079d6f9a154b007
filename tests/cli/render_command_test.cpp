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

TEST_CASE("cli/render: --depth-out writes the D16 depth raw with a 16-bit preview, --stencil-out the stencil") {
    TempDir dir;
    const std::string decals = std::string(REFRAST_SOURCE_DIR) + "/scenes/capture/decal_depth_bias.json";
    const CliResult r = runRefrast("render " + decals + " -o " + dir.file("c.png") + " --depth-out " + dir.file("z.raw"));
    REQUIRE(r.status == 0);
    const std::vector<uint8_t> raw = readFileBytes(dir.file("z.raw"));
    REQUIRE(raw.size() == size_t(160 * 96 * 2));  // D16: one little-endian u16 per pixel
    CHECK((raw[0] == 0xFF && raw[1] == 0xFF));      // pixel (0, 0) cleared to z = 1: 65535
    const std::vector<uint8_t> png = readFileBytes(dir.file("z.raw.png"));
    REQUIRE(png.size() > 33);
    CHECK(png[24] == 16);  // IHDR bit depth (offset 8 + 8 + 8)
    CHECK(png[25] == 0);   // colour type grey
    CHECK(readPng(dir.file("z.raw.png")).pixel(0, 0)[0] == 255);
    // D16 has no stencil bits: asking for them is an input error, and nothing is written.
    const CliResult s = runRefrast("render " + decals + " -o " + dir.file("d.png") + " --stencil-out " + dir.file("s.raw"));
    CHECK(s.status == 2);
    CHECK(s.output.find("--stencil-out: the depth format has no stencil bits") != std::string::npos);
    CHECK(!std::filesystem::exists(dir.file("d.png")));
    CHECK(!std::filesystem::exists(dir.file("s.raw")));
    const CliResult d24 = runRefrast("render " + kScene + " -o " + dir.file("e.png") + " --depth-out " + dir.file("e.raw") +
                                     " --stencil-out " + dir.file("e.st"));
    REQUIRE(d24.status == 0);
    const std::vector<uint8_t> e = readFileBytes(dir.file("e.raw"));
    REQUIRE(e.size() == size_t(96 * 96 * 4));  // D24S8: u32 holding the 24-bit value
    CHECK((e[0] == 0xFF && e[1] == 0xFF && e[2] == 0xFF && e[3] == 0));  // 2^24 - 1 at the cleared corner
    CHECK(readFileBytes(dir.file("e.st")).size() == size_t(96 * 96));
}
