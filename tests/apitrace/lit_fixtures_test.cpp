// SPDX-License-Identifier: MIT
// The committed fixtures tests/apitrace/traces/d3d9_lit.trace and
// d3d7_mip_lit.trace, made by the programs of tests/apitrace/programs/ under
// Wine (make-traces.sh): lights, materials, a user clip plane and a recorded
// state block in Direct3D 9; a DirectDraw mipmap chain, D3D7 lights and
// material, texture-stage filter states and a partial surface lock in
// Direct3D 7. Their imported captures are also golden scenes
// (scenes/apitrace/), which the last test keeps equal to a fresh import.
#include "formats/apitrace/d3d7_stage_states.h"
#include "formats/apitrace/import.h"
#include "formats/apitrace/trace_parser.h"
#include "refrast/error.h"
#include "tests/apitrace/trace_edit.h"
#include "refrast/image.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <filesystem>

using namespace refrast;
using namespace refrast::apitrace;
using Json = nlohmann::ordered_json;
using refrast::test::callNo;
using refrast::test::importError;
using refrast::test::renameCall;

namespace {

std::string fixture(const std::string& name, const std::string& ext = ".trace") {
    return std::string(REFRAST_SOURCE_DIR) + "/tests/apitrace/traces/" + name + ext;
}

// The nth command `name` whose argument contains every key/value of `match`.
const Json* findCommand(const Json& commands, const std::string& name, const Json& match = Json::object(), size_t nth = 0) {
    for (const Json& c : commands) {
        if (!c.contains(name)) continue;
        bool ok = true;
        for (auto& [k, v] : match.items()) ok = ok && c[name].is_object() && c[name].contains(k) && c[name][k] == v;
        if (ok && nth-- == 0) return &c[name];
    }
    return nullptr;
}

// The wine gate of docs/apitrace.md ("How well it matches").
const char* const kLitWineGate = " --raw-size 256x256 --raw-format bgrx8 --tolerance 8 --max-fraction 0.0025";

}  // namespace

TEST_CASE("apitrace/lit fixture (D3D9): lights, material and clip plane as commands, the state block replayed") {
    const std::string path = fixture("d3d9_lit");
    const Capture c = importTrace(loadTrace(path), path, {});
    const Json& cmds = c.json["commands"];
    // The default frame is frame 1 (the last that draws): floor, clipped sphere, small sphere.
    CHECK(c.draws == 3);
    // The spot light of calls 29 and 64 (frame 1 sets it again):
    // Theta 0.4 and Phi 0.9 are the floats the program wrote (0.4f = 0.4000000059604645, 0.9f = 0.8999999761581421).
    const Json* spot = findCommand(cmds, "SetLight", {{"index", 1}, {"type", "SPOT"}});
    REQUIRE(spot);
    CHECK(spot->dump() ==
          R"({"index":1,"type":"SPOT","diffuse":[1.0,1.0,0.800000011920929,1.0],"specular":[0.0,0.0,0.0,0.0],)"
          R"("ambient":[0.0,0.0,0.0,0.0],"position":[1.5,2.0,4.0],"direction":[0.0,-1.0,0.0],"range":10.0,)"
          R"("falloff":1.0,"attenuation0":1.0,"attenuation1":0.0,"attenuation2":0.0,"theta":0.4000000059604645,)"
          R"("phi":0.8999999761581421})");
    // Call 31: SetClipPlane(0, {0, -1, 0, 0.55}); 0.55f = 0.550000011920929.
    const Json* plane = findCommand(cmds, "SetClipPlane");
    REQUIRE(plane);
    CHECK(plane->dump() == R"({"index":0,"plane":[0.0,-1.0,0.0,0.550000011920929]})");
    // The state block of calls 20-28, applied by call 74 after the floor's draw (call 73): SetLight 0
    // (the directional sun), LightEnable 0 on; lights 1 and 2, only LightEnable'd in the block,
    // go back to the default light and off; then the shiny material (power 24).
    const Json* sun = findCommand(cmds, "SetLight", {{"index", 0}, {"type", "DIRECTIONAL"}});
    REQUIRE(sun);
    CHECK((*sun)["direction"].dump() == "[0.5,-0.6000000238418579,0.6000000238418579]");
    size_t floorDraw = 0, defaultLight1 = 0, off1 = 0, shiny = 0, sphereDraw = 0;
    for (size_t i = 0; i < cmds.size(); ++i) {
        const Json& cmd = cmds[i];
        if (cmd.contains("DrawIndexedPrimitive") && !floorDraw) floorDraw = i;
        else if (cmd.contains("DrawIndexedPrimitive") && !sphereDraw) sphereDraw = i;
        if (cmd.contains("SetLight") && cmd["SetLight"].dump() == R"({"index":1})") defaultLight1 = i;
        if (cmd.contains("LightEnable") && cmd["LightEnable"].dump() == R"({"index":1,"enable":false})") off1 = i;
        if (cmd.contains("SetMaterial") && cmd["SetMaterial"]["power"] == 24.0) shiny = i;
    }
    CHECK(floorDraw < defaultLight1);
    CHECK(defaultLight1 < off1);
    CHECK(off1 < shiny);
    CHECK(shiny < sphereDraw);
    // Light 5 was never set: LightEnable alone (the renderer gives it the default light).
    CHECK(findCommand(cmds, "LightEnable", {{"index", 5}, {"enable", true}}));
    CHECK(!findCommand(cmds, "SetLight", {{"index", 5}}));
}

TEST_CASE("apitrace/lit fixture (D3D9): the lit frame against the frame Wine read back") {
    test::TempDir dir;
    const std::string png = dir.file("lit.png");
    REQUIRE(test::runRefrast("render " + fixture("d3d9_lit") + " -o " + png).status == 0);
    const test::CliResult d = test::runRefrast("diff " + png + " " + fixture("d3d9_lit", ".wine.bgrx") + kLitWineGate);
    CHECK_MESSAGE(d.status == 0, d.output);
}

TEST_CASE("apitrace/lit fixture (D3D9): refusals name the call") {
    const std::string path = fixture("d3d9_lit");
    {
        // Call 82 LightEnable(5, TRUE) made LightEnable(9, TRUE): light 9 is packed into a slot
        // (device_lights.h), so the frame imports and every light command names a slot 0..7.
        Trace t = loadTrace(path);
        Call& c = callNo(t, 82);
        REQUIRE(c.name() == "IDirect3DDevice9::LightEnable");
        const_cast<Value*>(c.arg("Index"))->uint = 9;
        const_cast<Value*>(c.arg("Index"))->sint = 9;
        CHECK(importError(t, path).empty());
        const Capture cap = importTrace(t, path, {});
        size_t lightCommands = 0;
        for (const Json& cmd : cap.json["commands"])
            for (const char* k : {"SetLight", "LightEnable"})
                if (cmd.contains(k)) {
                    ++lightCommands;
                    CHECK(cmd[k]["index"].get<int>() <= 7);
                }
        CHECK(lightCommands > 0);
    }
    {
        Trace t = loadTrace(path);
        Call& apply = callNo(t, 49);
        REQUIRE(apply.name() == "IDirect3DStateBlock9::Apply");
        // Capture instead of Apply: the recorded block saves the current values of the
        // states its calls set (state_blocks_test.cpp checks which), and nothing is refused.
        renameCall(t, 49, "IDirect3DStateBlock9::Capture");
        CHECK(importError(t, path).empty());
    }
    {
        // Call 29's spot light with Type 4 (no D3DLIGHTTYPE of Direct3D 9).
        Trace t = loadTrace(path);
        Value* light = const_cast<Value*>(callNo(t, 29).arg("pLight")->pointee());
        const_cast<Value*>(light->member("Type"))->sint = 4;
        CHECK(importError(t, path).find("call 29 IDirect3DDevice9::SetLight: light type (not a D3DLIGHTTYPE) is not one refrast renders") !=
              std::string::npos);
    }
    {
        // EndStateBlock without BeginStateBlock (call 20 renamed away).
        Trace t = loadTrace(path);
        renameCall(t, 20, "IDirect3DDevice9::BeginScene");
        CHECK(importError(t, path).find("call 28 IDirect3DDevice9::EndStateBlock: EndStateBlock without BeginStateBlock") !=
              std::string::npos);
    }
}

TEST_CASE("apitrace/mip fixture (D3D7): the mipmap chain, partial lock, stage filters, lights and material") {
    const std::string path = fixture("d3d7_mip_lit");
    const Capture c = importTrace(loadTrace(path), path, {});
    const Json& cmds = c.json["commands"];
    // Four levels of 32², 16², 8², 4² A8R8G8B8: 128-byte header + (1024 + 256 + 64 + 16) · 4 = 5568 bytes.
    const CaptureFile* dds = nullptr;
    for (const CaptureFile& f : c.files)
        if (f.name == "texture0.dds") dds = &f;
    REQUIRE(dds);
    REQUIRE(dds->bytes.size() == 5568);
    auto texel = [&](size_t offset) {
        const uint8_t* p = dds->bytes.data() + 128 + offset;
        return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
    };
    CHECK(texel(0) == 0xff404040);               // level 0 (0, 0): the checker's dark square
    CHECK(texel((8 * 32 + 8) * 4) == 0xffff0000);  // level 0 (8, 8): the partial lock of call 32
    CHECK(texel((7 * 32 + 7) * 4) == 0xff404040);  // (7, 7): outside it; (7/4 + 7/4) & 1 = 0, the dark square
    CHECK(texel(4096) == 0xff20c020);            // level 1
    CHECK(texel(4096 + 1024) == 0xff2040ff);     // level 2
    CHECK(texel(4096 + 1024 + 256) == 0xffffe000);  // level 3
    // D3DTSS_MIPFILTER D3DTFP_POINT (2) is D3D9's D3DSAMP_MIPFILTER D3DTEXF_POINT (1);
    // D3DTSS_ADDRESS CLAMP (3) sets ADDRESSU and ADDRESSV.
    CHECK(findCommand(cmds, "SetSamplerState", {{"D3DSAMP_MIPFILTER", 1}}));
    CHECK(findCommand(cmds, "SetSamplerState", {{"D3DSAMP_ADDRESSU", 3}}));
    CHECK(findCommand(cmds, "SetSamplerState", {{"D3DSAMP_ADDRESSV", 3}}));
    CHECK(!findCommand(cmds, "SetTextureStageState", {{"18", 2}}));
    // Call 44's D3DLIGHT7 and call 48's D3DMATERIAL7 under D3D9's field names.
    const Json* lamp = findCommand(cmds, "SetLight", {{"index", 0}});
    REQUIRE(lamp);
    CHECK((*lamp)["type"] == "POINT");
    CHECK((*lamp)["range"] == 6.0);
    CHECK((*lamp)["attenuation1"] == 0.25);
    CHECK((*lamp)["position"].dump() == "[-1.0,1.0,2.5]");
    const Json* mat = findCommand(cmds, "SetMaterial");
    REQUIRE(mat);
    CHECK(mat->dump() == R"({"diffuse":[1.0,1.0,1.0,1.0],"ambient":[1.0,1.0,1.0,1.0],"specular":[0.0,0.0,0.0,0.0],)"
                         R"("emissive":[0.05000000074505806,0.0,0.05000000074505806,0.0],"power":0.0})");
    CHECK(findCommand(cmds, "LightEnable", {{"index", 1}, {"enable", true}}));
    CHECK(c.draws == 6);  // the lit grid, the lit triangle, four mip quads
}

TEST_CASE("apitrace/mip fixture (D3D7): the frame against the frame Wine read back") {
    test::TempDir dir;
    const std::string png = dir.file("mip.png");
    REQUIRE(test::runRefrast("render " + fixture("d3d7_mip_lit") + " -o " + png).status == 0);
    const test::CliResult d = test::runRefrast("diff " + png + " " + fixture("d3d7_mip_lit", ".wine.bgrx") + kLitWineGate);
    CHECK_MESSAGE(d.status == 0, d.output);
}

TEST_CASE("apitrace/mip fixture (D3D7): refusals name the call") {
    const std::string path = fixture("d3d7_mip_lit");
    {
        // Call 11 creates the chain with dwMipMapCount 4; made 3, call 26 (level 2 asked for
        // the next level) runs off the chain.
        Trace t = loadTrace(path);
        Value* desc = const_cast<Value*>(callNo(t, 11).arg("lpDDSurfaceDesc")->pointee());
        const_cast<Value*>(desc->member("dwMipMapCount"))->uint = 3;
        CHECK(importError(t, path).find("call 26 IDirectDrawSurface7::GetAttachedSurface: asks the last level of a mipmap chain") !=
              std::string::npos);
    }
    {
        // Call 11 with dwMipMapCount 7: a 32x32 chain has 6 levels.
        Trace t = loadTrace(path);
        Value* desc = const_cast<Value*>(callNo(t, 11).arg("lpDDSurfaceDesc")->pointee());
        const_cast<Value*>(desc->member("dwMipMapCount"))->uint = 7;
        CHECK(importError(t, path).find("call 11 IDirectDraw7::CreateSurface: dwMipMapCount 7 beyond the 6-level chain") !=
              std::string::npos);
    }
    {
        // A D3DTSS_MAGFILTER of D3DTFG_FLATCUBIC (3) has no Direct3D 9 equal.
        CHECK_THROWS_WITH(d3d7StageState(16, 3), doctest::Contains("D3DTFG_FLATCUBIC has no Direct3D 9 equal"));
    }
}

TEST_CASE("apitrace/D3D7 stage states: filtering and addressing move to D3D9's sampler states") {
    // D3DTSS_ADDRESS (12) = D3DTADDRESS_MIRROR (2): ADDRESSU and ADDRESSV, both 2.
    const auto address = d3d7StageState(12, 2);
    REQUIRE(address.size() == 2);
    CHECK((address[0].sampler && address[0].key == "D3DSAMP_ADDRESSU" && address[0].value == 2));
    CHECK((address[1].sampler && address[1].key == "D3DSAMP_ADDRESSV" && address[1].value == 2));
    // D3DTSS_MIPFILTER (18): D3DTFP_NONE 1 -> D3DTEXF_NONE 0, D3DTFP_LINEAR 3 -> D3DTEXF_LINEAR 2.
    CHECK(d3d7StageState(18, 1)[0].value == 0);
    CHECK(d3d7StageState(18, 3)[0].value == 2);
    // D3DTSS_MAGFILTER (16) D3DTFG_ANISOTROPIC 5 -> D3DTEXF_ANISOTROPIC 3; MINFILTER (17) D3DTFN_LINEAR 2 -> 2.
    CHECK(d3d7StageState(16, 5)[0].value == 3);
    CHECK(d3d7StageState(17, 2)[0].key == "D3DSAMP_MINFILTER");
    // D3DTSS_MIPMAPLODBIAS (19) arrives as float bits: 0x3f800000 = 1.0f.
    CHECK(d3d7StageState(19, 0x3f800000u)[0].value == 1.0);
    // D3DTSS_COLOROP (1) stays a stage state by number, its value unchanged.
    const auto colorop = d3d7StageState(1, 4);
    CHECK((!colorop[0].sampler && colorop[0].key == "1" && colorop[0].value == 4));
    // D3DTSS_BUMPENVMAT00 (7) is a float: 0xbf000000 = -0.5f.
    CHECK(d3d7StageState(7, 0xbf000000u)[0].value == -0.5);
    CHECK_THROWS_WITH(d3d7StageState(13, 9), doctest::Contains("address mode 9 is no D3DTEXTUREADDRESS"));
}

TEST_CASE("apitrace/lit fixtures: the golden scenes are what the importer writes today") {
    for (const char* name : {"d3d9_lit", "d3d7_mip_lit"}) {
        CAPTURE(name);
        test::TempDir dir;
        const std::string out = dir.file("capture");
        REQUIRE(test::runRefrast("import apitrace " + fixture(name) + " -o " + out).status == 0);
        const std::string scene = std::string(REFRAST_SOURCE_DIR) + "/scenes/apitrace/" + name;
        size_t files = 0;
        for (const auto& e : std::filesystem::directory_iterator(out)) {
            CAPTURE(e.path().filename().string());
            const std::filesystem::path committed = std::filesystem::path(scene) / e.path().filename();
            REQUIRE(std::filesystem::exists(committed));
            std::vector<uint8_t> fresh = readFileBytes(e.path().string()), kept = readFileBytes(committed.string());
            if (e.path().extension() == ".json") {
                // The description names the trace's path, which differs between checkouts.
                Json a = Json::parse(fresh), b = Json::parse(kept);
                a.erase("description");
                b.erase("description");
                CHECK(a == b);
            } else {
                CHECK(fresh == kept);
            }
            ++files;
        }
        CHECK(files == size_t(std::distance(std::filesystem::directory_iterator(scene), std::filesystem::directory_iterator())));
    }
}
