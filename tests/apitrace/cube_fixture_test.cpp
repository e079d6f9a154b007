// SPDX-License-Identifier: MIT
// The committed fixture tests/apitrace/traces/d3d9_cube.trace, made by
// tests/apitrace/programs/d3d9_cube.cpp under Wine (make-traces.sh): a 16x16
// cube texture filled face by face through IDirect3DCubeTexture9::LockRect,
// sampled with 3-component directions by six quads (one face each) and a
// strip that sweeps across face edges.
#include "formats/apitrace/import.h"
#include "formats/apitrace/trace_parser.h"
#include "formats/d3d/d3d_constants.h"
#include "refrast/image.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::apitrace;

namespace {
const std::string kCubeTrace = std::string(REFRAST_SOURCE_DIR) + "/tests/apitrace/traces/d3d9_cube.trace";
const std::string kCubeWine = std::string(REFRAST_SOURCE_DIR) + "/tests/apitrace/traces/d3d9_cube.wine.bgrx";

uint32_t le32(const std::vector<uint8_t>& b, size_t at) {
    return uint32_t(b[at]) | uint32_t(b[at + 1]) << 8 | uint32_t(b[at + 2]) << 16 | uint32_t(b[at + 3]) << 24;
}
}  // namespace

TEST_CASE("apitrace/cube fixture (D3D9): a cube texture as a DDS cube map, sampled as the program read back") {
    const Capture c = importTrace(loadTrace(kCubeTrace), kCubeTrace, {});
    CHECK(c.draws == 7);
    REQUIRE(c.json["textures"].size() == 1);
    REQUIRE(c.files.size() == 1);
    const std::vector<uint8_t>& dds = c.files[0].bytes;
    // A 128-byte header, then six faces of 16 x 16 x 4 bytes, one level each.
    CHECK(dds.size() == 128 + 6 * 16 * 16 * 4);
    CHECK(le32(dds, 28) == 1);  // mip levels per face
    uint32_t all = uint32_t(*d3d::valueOf("DDSCAPS2", "DDSCAPS2_CUBEMAP"));
    for (const char* f : {"DDSCAPS2_CUBEMAP_POSITIVEX", "DDSCAPS2_CUBEMAP_NEGATIVEX", "DDSCAPS2_CUBEMAP_POSITIVEY",
                          "DDSCAPS2_CUBEMAP_NEGATIVEY", "DDSCAPS2_CUBEMAP_POSITIVEZ", "DDSCAPS2_CUBEMAP_NEGATIVEZ"})
        all |= uint32_t(*d3d::valueOf("DDSCAPS2", f));
    CHECK(le32(dds, 112) == all);
    // Face -X (the second) holds 0xff20e030 away from its marked top rows: texel (8, 8) of face 1.
    CHECK(le32(dds, 128 + 16 * 16 * 4 + (8 * 16 + 8) * 4) == 0xff20e030u);

    test::TempDir dir;
    const std::string png = dir.file("cube.png");
    REQUIRE(test::runRefrast("render " + kCubeTrace + " -o " + png).status == 0);
    const test::CliResult d = test::runRefrast("diff " + png + " " + kCubeWine +
                                               " --raw-size 256x256 --raw-format bgrx8 --tolerance 8 --max-fraction 0.0025");
    CHECK_MESSAGE(d.status == 0, d.output);
    // The +X quad (16..80): its centre shows face +X's colour 0xffe03020.
    const Image img = readPng(png);
    CHECK(img.pixel(48, 56)[0] == 0xe0);
    CHECK(img.pixel(48, 56)[1] == 0x30);
    CHECK(img.pixel(48, 56)[2] == 0x20);
}
