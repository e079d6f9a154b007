// SPDX-License-Identifier: MIT
// The committed fixtures of several render targets, made by the programs of
// tests/apitrace/programs/ under Wine (make-traces.sh):
//  - d3d9_rtt: a render-target texture with a depth surface of its own
//    (CreateDepthStencilSurface), a CreateRenderTarget surface cleared with a
//    rectangle and StretchRect'ed into a second texture, both sampled in a
//    second pass on the back buffer with its automatic depth buffer;
//  - d3d7_flip: a DirectDraw flipping chain (primary, back buffer from
//    GetAttachedSurface(DDSCAPS_BACKBUFFER), attached Z buffer), two frames
//    each ended by the primary's Flip.
#include "formats/apitrace/import.h"
#include "formats/apitrace/trace_parser.h"
#include "refrast/error.h"
#include "refrast/image.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::apitrace;
using Json = nlohmann::ordered_json;

namespace {

std::string fixture(const std::string& name, const std::string& ext = ".trace") {
    return std::string(REFRAST_SOURCE_DIR) + "/tests/apitrace/traces/" + name + ext;
}

const Json* surfaceNamed(const Json& cap, const std::string& name) {
    for (const Json& s : cap["surfaces"])
        if (s["name"] == name) return &s;
    return nullptr;
}

}  // namespace

TEST_CASE("apitrace/rtt fixture (D3D9): render targets and depth surfaces as scene format 2 surfaces and passes") {
    const std::string path = fixture("d3d9_rtt");
    const Capture c = importTrace(loadTrace(path), path, {});
    CHECK(c.draws == 5);
    // The back buffer, its depth, the two render-target textures, the offscreen depth surface and the
    // CreateRenderTarget surface: six surfaces.
    REQUIRE(c.json["surfaces"].size() == 6);
    std::vector<std::string> targets;  // SetRenderTarget and SetDepthStencilSurface in order
    for (const Json& cmd : c.json["commands"]) {
        if (cmd.contains("SetRenderTarget")) targets.push_back("rt:" + cmd["SetRenderTarget"]["surface"].get<std::string>());
        if (cmd.contains("SetDepthStencilSurface"))
            targets.push_back("ds:" + (cmd["SetDepthStencilSurface"].is_null() ? std::string("none")
                                                                                 : cmd["SetDepthStencilSurface"].get<std::string>()));
    }
    REQUIRE(targets.size() == 6);
    // Pass 1 into the 128x128 texture with its own 128x128 D24S8 surface.
    const Json* rtt = surfaceNamed(c.json, targets[0].substr(3));
    const Json* rttDepth = surfaceNamed(c.json, targets[1].substr(3));
    REQUIRE(rtt);
    REQUIRE(rttDepth);
    CHECK((*rtt)["width"] == 128);
    CHECK((*rtt)["format"] == "A8R8G8B8");
    CHECK((*rttDepth)["width"] == 128);
    CHECK((*rttDepth)["format"] == "D24S8");
    CHECK(targets[3] == "ds:none");  // the CreateRenderTarget surface is cleared without depth
    CHECK(targets[4] == "rt:backbuffer");
    CHECK(targets[5] == "ds:depth");

    test::TempDir dir;
    const std::string png = dir.file("rtt.png");
    REQUIRE(test::runRefrast("render " + path + " -o " + png).status == 0);
    // The Wine gate of docs/apitrace.md; this fixture matches Wine exactly today.
    const test::CliResult d = test::runRefrast("diff " + png + " " + fixture("d3d9_rtt", ".wine.bgrx") +
                                               " --raw-size 256x256 --raw-format bgrx8 --tolerance 8 --max-fraction 0.0025");
    CHECK_MESSAGE(d.status == 0, d.output);
    const Image img = readPng(png);
    // The textured quad spans 48..176 x 32..160: pixel (x, y) shows texel (x - 48, y - 32). At texel
    // (64, 30) the red triangle (z 0.2 at its top edge y 16, 0.8 at its tip y 120) has
    // z = 0.2 + 0.6 * 14 / 104 = 0.28 < 0.5 and hides the green one (z 0.5); at texel (64, 90)
    // z = 0.2 + 0.6 * 74 / 104 = 0.63 > 0.5 and the green one wins: the offscreen depth surface.
    CHECK(img.pixel(112, 62)[0] == 0xff);
    CHECK(img.pixel(112, 62)[1] == 0x20);
    CHECK(img.pixel(112, 122)[0] == 0x20);
    CHECK(img.pixel(112, 122)[1] == 0xff);
    // The grey quad (z 0.3) hides the textured quad (z 0.6) where they overlap: the back buffer's depth.
    CHECK(img.pixel(60, 100)[0] == 0x80);
    // The StretchRect copy: yellow rectangle 16..48 x 8..40 of 64 at 176..240 x 176..240.
    CHECK(img.pixel(176 + 30, 176 + 20)[0] == 0xff);
    CHECK(img.pixel(176 + 30, 176 + 20)[1] == 0xe0);
    CHECK(img.pixel(176 + 4, 176 + 4)[2] == 0xc0);
}

TEST_CASE("apitrace/flip fixture (D3D7): a flipping chain's back buffer, frames ended by Flip") {
    const std::string path = fixture("d3d7_flip");
    const test::CliResult list = test::runRefrast("import apitrace " + path + " --list");
    REQUIRE(list.status == 0);
    CHECK(list.output.find("frame 0: calls 0-16, 1 draw\n") != std::string::npos);
    CHECK(list.output.find("frame 1: calls 17-24, 2 draws (default)") != std::string::npos);
    const Capture c = importTrace(loadTrace(path), path, {});
    // The back buffer is the display mode's size and format (SetDisplayMode 1024x768, 32 bits).
    const Json* back = surfaceNamed(c.json, "backbuffer");
    REQUIRE(back);
    CHECK((*back)["width"] == 1024);
    CHECK((*back)["height"] == 768);
    CHECK((*back)["format"] == "X8R8G8B8");
    REQUIRE(surfaceNamed(c.json, "depth"));
    test::TempDir dir;
    const std::string png = dir.file("flip.png");
    REQUIRE(test::runRefrast("render " + path + " -o " + png).status == 0);
    // The program read back the top-left 256x256 pixels before its Flip.
    const test::CliResult d = test::runRefrast("diff " + png + " " + fixture("d3d7_flip", ".wine.bgrx") +
                                               " --crop-a 0,0,256,256 --raw-size 256x256 --raw-format bgrx8"
                                               " --tolerance 8 --max-fraction 0.0025");
    CHECK_MESSAGE(d.status == 0, d.output);
    // Frame 0 is its own frame: dark red clear, a blue triangle.
    const std::string png0 = dir.file("flip0.png");
    REQUIRE(test::runRefrast("render " + path + " --frame 0 -o " + png0).status == 0);
    const Image f0 = readPng(png0);
    CHECK(f0.pixel(300, 300)[0] == 0x40);
    CHECK(f0.pixel(80, 60)[2] == 0xff);
}

TEST_CASE("apitrace/flip fixture (D3D7): a back buffer before the display mode is known is refused") {
    const std::string path = fixture("d3d7_flip");
    Trace t = loadTrace(path);
    // Calls 2 (GetDisplayMode) and 3 (SetDisplayMode) renamed to calls the importer ignores.
    for (uint64_t no : {2, 3}) {
        Call& c = t.calls[no];
        REQUIRE(c.no == no);
        FunctionSig sig = *c.sig;
        sig.id = 100000 + no;
        sig.name = "IDirectDraw7::GetCaps";
        t.functionSigs.push_back(sig);
        c.sig = &t.functionSigs.back();
    }
    std::string e;
    try {
        (void)importTrace(t, path, {});
    } catch (const InputError& x) {
        e = x.what();
    }
    CHECK(e.find("call 5 IDirectDrawSurface7::GetAttachedSurface: the back buffer of a flipping chain before "
                 "SetDisplayMode or GetDisplayMode gave its size") != std::string::npos);
}
