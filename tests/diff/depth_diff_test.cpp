// SPDX-License-Identifier: MIT
// `refrast diff --depth-format`: raw depth readbacks compared in depth units.
#include "refrast/error.h"
#include "refrast/image.h"
#include "src/diff/depth_diff.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <cstring>

using namespace refrast;
using namespace refrast::diff;
using namespace refrast::test;

TEST_CASE("depth diff: raw files decode per format and compare in depth units") {
    // D16: little-endian u16: 0x1234 = 4660, 0xFFFF = 65535.
    const DepthPlane d16 = decodeDepthFile({0x34, 0x12, 0xFF, 0xFF}, 2, 1, parseDepthFormatName("D16"), "a");
    CHECK(d16.value[0] == 4660.0);
    CHECK(d16.value[1] == 65535.0);
    // D24S8: u32 holding the 24-bit value; 100 and 200 against 102 and 200.
    const DepthFormat d24 = parseDepthFormatName("D3DFMT_D24S8");
    const DepthPlane a = decodeDepthFile({100, 0, 0, 0, 200, 0, 0, 0}, 2, 1, d24, "a");
    const DepthPlane b = decodeDepthFile({102, 0, 0, 0, 200, 0, 0, 0}, 2, 1, d24, "b");
    DepthDiffResult r = compareDepth(a, b, 1);
    CHECK(r.differing == 1);  // |100 - 102| = 2 > 1
    CHECK(r.maxDelta == 2.0);
    CHECK(r.maxX == 0);
    CHECK(r.meanDelta == 1.0);  // (2 + 0) / 2
    CHECK(compareDepth(a, b, 2).differing == 0);
    // 2^24 does not fit 24 bits.
    CHECK_THROWS_AS(decodeDepthFile({0, 0, 0, 1}, 1, 1, d24, "c"), InputError);
    CHECK_THROWS_AS(decodeDepthFile({0, 0, 0}, 1, 1, d24, "c"), InputError);
    // D32F: the float's value; 0.5 and the next float up differ by 2^-24.
    float f0 = 0.5f, f1 = 0.5f + 0x1p-24f;
    std::vector<uint8_t> x(4), y(4);
    std::memcpy(x.data(), &f0, 4);
    std::memcpy(y.data(), &f1, 4);
    const DepthFormat d32f = parseDepthFormatName("D32F");
    r = compareDepth(decodeDepthFile(x, 1, 1, d32f, "x"), decodeDepthFile(y, 1, 1, d32f, "y"), 0);
    CHECK(r.differing == 1);
    CHECK(r.maxDelta == double(0x1p-24f));
    CHECK(compareDepth(decodeDepthFile(x, 1, 1, d32f, "x"), decodeDepthFile(y, 1, 1, d32f, "y"), 1e-7).differing == 0);
    CHECK_THROWS_AS(parseDepthFormatName("A8R8G8B8"), UsageError);
}

TEST_CASE("depth diff: render --depth-out twice, diff passes; a changed value fails; a wrong size is exit 2") {
    TempDir dir;
    const std::string scene = std::string(REFRAST_SOURCE_DIR) + "/scenes/depth/intersecting_quads_d24s8.json";
    REQUIRE(runRefrast("render " + scene + " -o " + dir.file("a.png") + " --depth-out " + dir.file("a.depth")).status == 0);
    REQUIRE(runRefrast("render " + scene + " -o " + dir.file("b.png") + " --depth-out " + dir.file("b.depth")).status == 0);
    const std::string size = " --raw-size 96x96";
    CliResult r = runRefrast("diff " + dir.file("a.depth") + " " + dir.file("b.depth") + " --depth-format D24S8" + size);
    CHECK(r.status == 0);
    CHECK(r.output.find("depth D24S8: differing fraction 0.0000e+00 (0 of 9216 pixels)") != std::string::npos);
    // Pixel (1, 0) moved by 3 steps: fails exact, passes with --depth-tolerance 3.
    std::vector<uint8_t> bytes = readFileBytes(dir.file("b.depth"));
    bytes[4] = uint8_t(bytes[4] >= 3 ? bytes[4] - 3 : bytes[4] + 3);
    writeFileAtomic(dir.file("b.depth"), bytes);
    r = runRefrast("diff " + dir.file("a.depth") + " " + dir.file("b.depth") + " --depth-format D24S8" + size);
    CHECK(r.status == 1);
    CHECK(r.output.find("(1 of 9216 pixels), max delta 3 at (1, 0)") != std::string::npos);
    CHECK(r.output.find("FAIL (exact, depth tolerance 0)") != std::string::npos);
    CHECK(runRefrast("diff " + dir.file("a.depth") + " " + dir.file("b.depth") + " --depth-format D24S8" + size +
                     " --depth-tolerance 3").status == 0);
    CHECK(runRefrast("diff " + dir.file("a.depth") + " " + dir.file("b.depth") + " --depth-format D24S8" + size +
                     " --max-pixels 1").status == 0);
    r = runRefrast("diff " + dir.file("a.depth") + " " + dir.file("b.depth") + " --depth-format D16" + size);
    CHECK(r.status == 2);
    CHECK(r.output.find("a.depth: holds 36864 bytes; a 96x96 depth file of this format holds 18432") != std::string::npos);
}
