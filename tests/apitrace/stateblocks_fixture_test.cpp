// SPDX-License-Identifier: MIT
// The committed fixture tests/apitrace/traces/d3d9_stateblocks.trace, made by
// tests/apitrace/programs/d3d9_stateblocks.cpp under Wine (make-traces.sh):
// D3DSBT_PIXELSTATE and D3DSBT_VERTEXSTATE blocks, a recorded block that is
// captured, and a render-target cube whose faces are drawn into through
// GetCubeMapSurface and then sampled.
#include "formats/apitrace/import.h"
#include "formats/apitrace/trace_parser.h"
#include "refrast/error.h"
#include "tests/apitrace/trace_edit.h"
#include "refrast/image.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::apitrace;
using Json = nlohmann::ordered_json;
using refrast::test::importError;

namespace {
const std::string kStateBlocksTrace = std::string(REFRAST_SOURCE_DIR) + "/tests/apitrace/traces/d3d9_stateblocks.trace";
const std::string kStateBlocksWine = std::string(REFRAST_SOURCE_DIR) + "/tests/apitrace/traces/d3d9_stateblocks.wine.bgrx";

Call& callNamed(Trace& t, const std::string& name) {
    for (Call& c : t.calls)
        if (c.name() == name) return c;
    FAIL("no call " << name);
    return t.calls.front();
}

}  // namespace

TEST_CASE("apitrace/stateblocks fixture (D3D9): subsets, a captured recorded block and a render-target cube") {
    const Capture c = importTrace(loadTrace(kStateBlocksTrace), kStateBlocksTrace, {});
    // Six face triangles, six cube quads, the culling quad, the blended one and
    // the quad drawn under a vertex declaration.
    CHECK(c.draws == 15);
    // The cube is one surface entry of six faces; no texture file (it is rendered, not uploaded).
    std::string cube;
    for (const Json& s : c.json["surfaces"])
        if (s.value("cube", false)) {
            cube = s["name"].get<std::string>();
            CHECK(s["width"] == 32);
            CHECK(s["height"] == 32);
        }
    REQUIRE_FALSE(cube.empty());
    CHECK(c.files.empty());
    std::vector<std::string> targets, sampled;
    std::vector<Json> zenable;
    for (const Json& cmd : c.json["commands"]) {
        if (cmd.contains("SetRenderTarget")) targets.push_back(cmd["SetRenderTarget"]["surface"].get<std::string>());
        if (cmd.contains("SetTexture") && cmd["SetTexture"]["texture"].is_string())
            sampled.push_back(cmd["SetTexture"]["texture"].get<std::string>());
        if (cmd.contains("SetRenderState") && cmd["SetRenderState"].contains("D3DRS_ZENABLE"))
            zenable.push_back(cmd["SetRenderState"]["D3DRS_ZENABLE"]);
    }
    CHECK(targets == std::vector<std::string>{cube + "/POSITIVE_X", cube + "/NEGATIVE_X", cube + "/POSITIVE_Y",
                                              cube + "/NEGATIVE_Y", cube + "/POSITIVE_Z", cube + "/NEGATIVE_Z",
                                              "backbuffer"});
    CHECK(sampled == std::vector<std::string>{cube});
    // ZENABLE: the program's D3DZB_FALSE for the faces, then the pixel block's
    // Apply returns it to D3DZB_TRUE (1), the value it held when the block was
    // made: the device's initial value with an auto depth stencil, which the
    // trace never set.
    CHECK(Json(zenable) == Json::array({0, 1}));

    test::TempDir dir;
    const std::string png = dir.file("stateblocks.png");
    REQUIRE(test::runRefrast("render " + kStateBlocksTrace + " -o " + png).status == 0);
    const test::CliResult d = test::runRefrast("diff " + png + " " + kStateBlocksWine +
                                               " --raw-size 256x256 --raw-format bgrx8 --tolerance 8 --max-fraction 0.0025");
    CHECK_MESSAGE(d.status == 0, d.output);
    const Image img = readPng(png);
    auto rgb = [&](int x, int y) {
        const auto p = img.pixel(x, y);
        return std::vector<int>{p[0], p[1], p[2]};
    };
    // The +X quad's centre: face +X's clear colour 0xe03020 (modulated by white).
    CHECK(rgb(48, 56) == std::vector<int>{0xe0, 0x30, 0x20});
    // The counter-clockwise quad, drawn because the vertex block restored CULLMODE NONE.
    CHECK(rgb(60, 200) == std::vector<int>{0x60, 0x40, 0x20});
    // Where the blended quad covers it: ONE / ONE as the captured block holds,
    // 0x604020 + 0x204060 = 0x808080 (SRCALPHA / INVSRCALPHA, what the block
    // recorded, would give about 0x404040).
    CHECK(rgb(120, 200) == std::vector<int>{0x80, 0x80, 0x80});
    // The DrawPrimitiveUP quad under the declaration POSITIONT FLOAT4, COLOR D3DCOLOR,
    // added (ONE / ONE) over the background: 0x40c0a0 + 0x101010 = 0x50d0b0.
    CHECK(rgb(16, 200) == std::vector<int>{0x50, 0xd0, 0xb0});
}

TEST_CASE("apitrace/stateblocks fixture (D3D9): bad render-target cubes name the call") {
    {
        Trace t = loadTrace(kStateBlocksTrace);
        Call& create = callNamed(t, "IDirect3DDevice9::CreateCubeTexture");
        const_cast<Value*>(create.arg("Levels"))->uint = 2;
        CHECK(importError(t, kStateBlocksTrace) == kStateBlocksTrace + ": call " + std::to_string(create.no) +
                                    " IDirect3DDevice9::CreateCubeTexture: a render-target cube texture of 2 levels is not "
                                    "supported (one level: the faces are rendered into, and refrast generates no mipmaps)");
    }
    {
        Trace t = loadTrace(kStateBlocksTrace);
        Call& face = callNamed(t, "IDirect3DCubeTexture9::GetCubeMapSurface");
        const_cast<Value*>(face.arg("Level"))->uint = 1;
        CHECK(importError(t, kStateBlocksTrace) == kStateBlocksTrace + ": call " + std::to_string(face.no) +
                                    " IDirect3DCubeTexture9::GetCubeMapSurface: Level 1 beyond the render-target cube's "
                                    "one level");
    }
}
