// SPDX-License-Identifier: MIT
// Trace → capture → render → compare with the frame the program presented.
// Tolerances (docs/apitrace.md, "How well it matches"): the Windows reference
// images of apitrace's test suite match within 8 per channel on every pixel;
// Wine's frames (wined3d on llvmpipe: a loose reference) within 8 per channel
// on all but 0.25 % of the pixels, which llvmpipe rasterises and filters
// differently along edges and texel seams.
#include "refrast/image.h"
#include "tests/apitrace/trace_fixtures.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <filesystem>

using namespace refrast;

namespace {
const char* const kWindowsGate = " --tolerance 8";
const char* const kWineGate = " --tolerance 8 --max-fraction 0.0025";
}  // namespace

TEST_CASE("apitrace/end to end: each fixed-function trace renders its presented frame") {
    test::TempDir dir;
    for (const char* name : {"d3d9_tri", "d3d9_map_readonly", "d3d9_tex_sysmem", "d3d9_ff_quad", "d3d7_tri"}) {
        CAPTURE(name);
        const std::string png = dir.file(std::string(name) + ".png");
        // Through an imported capture, and straight from the trace: the same bytes.
        const std::string cap = dir.file(std::string(name) + "_capture");
        REQUIRE(test::runRefrast("import apitrace " + test::sharedTrace(name) + " -o " + cap).status == 0);
        REQUIRE(test::runRefrast("render " + cap + "/capture.json -o " + png).status == 0);
        const std::string direct = dir.file(std::string(name) + "_direct.png");
        REQUIRE(test::runRefrast("render " + test::sharedTrace(name) + " -o " + direct).status == 0);
        CHECK(readFileBytes(png) == readFileBytes(direct));
        const test::CliResult wine = test::runRefrast("diff " + png + " " + test::sharedTrace(name, ".wine.png") + kWineGate);
        CHECK_MESSAGE(wine.status == 0, wine.output);
        const std::string windows = test::sharedTrace(name, ".windows.png");
        if (std::filesystem::exists(windows)) {
            const test::CliResult w = test::runRefrast("diff " + png + " " + windows + kWindowsGate);
            CHECK_MESSAGE(w.status == 0, w.output);
        }
    }
}

TEST_CASE("apitrace/end to end: the gates can fail: a frame against another program's frame") {
    test::TempDir dir;
    const std::string png = dir.file("tex.png");
    REQUIRE(test::runRefrast("render " + test::sharedTrace("d3d9_tex_sysmem") + " -o " + png).status == 0);
    CHECK(test::runRefrast("diff " + png + " " + test::sharedTrace("d3d9_ff_quad", ".wine.png") + kWineGate).status == 1);
}

TEST_CASE("apitrace/end to end: rendering the shader trace is refused with its call number") {
    test::TempDir dir;
    const std::string png = dir.file("pp.png");
    const test::CliResult r = test::runRefrast("render " + test::sharedTrace("d3d9_tri_pp") + " -o " + png);
    CHECK(r.status == 2);
    CHECK(r.output.find("call 13 IDirect3DDevice9::DrawPrimitiveUP: draws with the vertex shader set by call 8") != std::string::npos);
    CHECK(!std::filesystem::exists(png));
    // Dropping the shader draw leaves the frame call 5 cleared to 4283177292 = 0xff4c194c.
    REQUIRE(test::runRefrast("render " + test::sharedTrace("d3d9_tri_pp") + " --skip-shader-draws -o " + png).status == 0);
    const Image img = readPng(png);
    CHECK(img.pixel(125, 125)[0] == 0x4c);
    CHECK(img.pixel(125, 125)[1] == 0x19);
    CHECK(img.pixel(125, 125)[2] == 0x4c);
}
