// SPDX-License-Identifier: MIT
// The committed fixture tests/apitrace/traces/d3d7_stateblock.trace, made by
// tests/apitrace/programs/d3d7_stateblock.cpp under Wine (make-traces.sh):
// Direct3D 7 state blocks (recorded with BeginStateBlock / EndStateBlock and
// whole-device CreateStateBlock(D3DSBT_ALL), applied, re-captured, deleted)
// over three frames on a triple-buffered flipping chain. The program read
// back the top-left 256x256 pixels of each frame; its .wine.bgrx holds the
// three one below the other (256x768).
#include "formats/apitrace/import.h"
#include "formats/apitrace/trace_parser.h"
#include "refrast/error.h"
#include "tests/apitrace/trace_edit.h"
#include "refrast/image.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <algorithm>

using namespace refrast;
using namespace refrast::apitrace;
using Json = nlohmann::ordered_json;
using refrast::test::callNo;
using refrast::test::importError;
using refrast::test::renameCall;

namespace {

const std::string kD3d7BlocksTrace = std::string(REFRAST_SOURCE_DIR) + "/tests/apitrace/traces/d3d7_stateblock.trace";
const std::string kD3d7BlocksWine = std::string(REFRAST_SOURCE_DIR) + "/tests/apitrace/traces/d3d7_stateblock.wine.bgrx";

Value& argOf(Trace& t, uint64_t no, const char* name) { return const_cast<Value&>(*callNo(t, no).arg(name)); }

void setInteger(Trace& t, uint64_t no, const char* name, int64_t v) {
    Value& a = argOf(t, no, name);
    a.sint = v;
    a.uint = uint64_t(v);
}

// The capture's commands of frame `frame`.
Json commandsOf(int64_t frame) {
    ImportOptions o;
    o.frame = frame;
    return importTrace(loadTrace(kD3d7BlocksTrace), kD3d7BlocksTrace, o).json["commands"];
}

// The commands between the draws named "call A" and "call B" (A -1: from the first command).
Json between(const Json& cmds, int a, int b) {
    Json out = Json::array();
    bool in = a < 0;
    for (const Json& c : cmds) {
        const Json* draw = nullptr;
        for (const char* d : {"DrawPrimitiveUP", "DrawPrimitive"})
            if (c.contains(d)) draw = &c[d];
        if (draw && (*draw)["name"] == "call " + std::to_string(b)) break;
        if (in) out.push_back(c);
        if (draw && (*draw)["name"] == "call " + std::to_string(a)) in = true;
    }
    return out;
}

}  // namespace

TEST_CASE("apitrace/stateblock fixture (D3D7): three frames on a triple-buffered chain, each against Wine's") {
    const test::CliResult list = test::runRefrast("import apitrace " + kD3d7BlocksTrace + " --list");
    REQUIRE(list.status == 0);
    CHECK(list.output.find("frame 0: calls 0-52, 4 draws\n") != std::string::npos);
    CHECK(list.output.find("frame 1: calls 53-62, 2 draws\n") != std::string::npos);
    CHECK(list.output.find("frame 2: calls 63-85, 4 draws (default)") != std::string::npos);
    test::TempDir dir;
    // Frame k is rows 256k..256k+255 of Wine's read-back. Frame 1 was drawn into the memory that was the
    // second back buffer, frame 2 into the old front buffer: the device renders into its back-buffer
    // object, whose memory each Flip rotates.
    for (int frame = 0; frame < 3; ++frame) {
        CAPTURE(frame);
        const std::string png = dir.file("frame" + std::to_string(frame) + ".png");
        REQUIRE(test::runRefrast("render " + kD3d7BlocksTrace + " --frame " + std::to_string(frame) + " -o " + png).status == 0);
        // The Wine gate of docs/apitrace.md ("How well it matches").
        const std::string cropB = "0," + std::to_string(256 * frame) + ",256," + std::to_string(256 * frame + 256);
        const test::CliResult d = test::runRefrast("diff " + png + " " + kD3d7BlocksWine + " --crop-a 0,0,256,256 --crop-b " + cropB +
                                                   " --raw-size 256x768 --raw-format bgrx8 --tolerance 8 --max-fraction 0.0025");
        CHECK_MESSAGE(d.status == 0, d.output);
    }
    const Image f0 = readPng(dir.file("frame0.png")), f2 = readPng(dir.file("frame2.png"));
    // Frame 0, call 44's triangle (vertex colour 0x80ffff00) after EndStateBlock: recording set no
    // blending, so it is opaque yellow over the clear; call 46's, after ApplyStateBlock, is blended:
    // over the 0x400000 clear at (60, 200): 0xff * 128/255 + 0x40 * 127/255 = 128 + 31.9 -> about 160 red.
    CHECK(f0.pixel(170, 40)[0] == 0xff);
    CHECK(f0.pixel(170, 40)[1] == 0xff);
    CHECK(f0.pixel(60, 200)[0] > 150);
    CHECK(f0.pixel(60, 200)[0] < 170);
    // Frame 2: the re-captured base culls counter-clockwise: call 77's clockwise triangle is drawn,
    // call 78's counter-clockwise one is not (the clear shows, 0x000040).
    CHECK(f2.pixel(30, 30)[0] == 0xff);
    CHECK(f2.pixel(220, 24)[2] == 0x40);
    CHECK(f2.pixel(220, 24)[1] == 0x00);
}

TEST_CASE("apitrace/stateblock fixture (D3D7): what Apply and Capture write") {
    // D3DRENDERSTATE_ALPHABLENDENABLE 27, SRCBLEND 19, DESTBLEND 20, CULLMODE 22 (d3dtypes.h);
    // D3DBLEND_ZERO 1, ONE 2, SRCALPHA 5, INVSRCALPHA 6; D3DCULL_NONE 1, CCW 3.
    const Json f0 = commandsOf(0);
    // Between call 38's quad and call 44's triangle the block is recorded: no state is written.
    CHECK(between(f0, 38, 44).dump() == "[]");
    // Call 45 applies the recorded block: its three states in one command.
    CHECK(between(f0, 44, 46).dump() == R"([{"SetRenderState":{"27":1,"19":5,"20":6}}])");
    // Call 47 applies the base (call 27, D3DSBT_ALL): only the states that differ go back.
    CHECK(between(f0, 46, 48).dump() == R"([{"SetRenderState":{"27":0,"19":2,"20":1}}])");

    const Json f1 = commandsOf(1);
    // Call 55 applies "lit": LIGHTING 137 and AMBIENT 139 = 0xff402040 = 4282392640; light 0 as call 30
    // set it; light 1 only enabled, so the block holds the default light (SetLight without fields).
    std::string seq;
    for (const Json& c : between(f1, -1, 56))
        seq += c.begin().key() + (c.begin().key() == "SetLight" || c.begin().key() == "LightEnable"
                                      ? std::to_string(c.begin().value()["index"].get<int>()) : "") + " ";
    CHECK(seq.find("SetRenderState SetLight0 LightEnable0 SetLight1 LightEnable1 SetMaterial SetFVF") != std::string::npos);
    // Call 57 restores the base: LIGHTING 0, AMBIENT 0, light 0 disabled, the grey material (light 1
    // was first touched after call 27 made the block: it stays enabled, as wined3d leaves it).
    const Json base1 = between(f1, 56, 58);
    CHECK(base1[0].dump() == R"({"SetRenderState":{"137":0,"139":0}})");
    CHECK(base1[1].dump() == R"({"LightEnable":{"index":0,"enable":false}})");
    CHECK(base1[2]["SetMaterial"]["diffuse"].dump() == "[0.5,0.5,0.5,1.0]");

    const Json f2 = commandsOf(2);
    // Call 76 applies the base that call 73 re-captured (CULLMODE CCW, blending off) over CULLMODE NONE
    // and blending on; call 80 the "blend" block that call 68 re-captured: additive (DESTBLEND ONE).
    const Json restore = between(f2, -1, 77);
    CHECK(restore.back().dump() == R"({"SetFVF":68})");
    CHECK(restore[restore.size() - 2].dump() == R"({"SetRenderState":{"22":3,"27":0}})");
    CHECK(between(f2, 79, 81).dump() == R"([{"SetRenderState":{"27":1,"19":5,"20":2}}])");
}

TEST_CASE("apitrace/stateblock fixture (D3D7): bad state block calls exit 2 naming the call") {
    {
        // A handle no EndStateBlock or CreateStateBlock returned.
        Trace t = loadTrace(kD3d7BlocksTrace);
        setInteger(t, 45, "dwBlockHandle", 9);
        CHECK(importError(t, kD3d7BlocksTrace) == kD3d7BlocksTrace + ": call 45 IDirect3DDevice7::ApplyStateBlock: dwBlockHandle = 9 is no state block "
                                         "the trace made (EndStateBlock and CreateStateBlock return the handles)");
    }
    {
        // Apply before End: call 43 (the EndStateBlock of call 39's block) made a BeginScene.
        Trace t = loadTrace(kD3d7BlocksTrace);
        renameCall(t, 43, "IDirect3DDevice7::BeginScene");
        CHECK(importError(t, kD3d7BlocksTrace) == kD3d7BlocksTrace + ": call 45 IDirect3DDevice7::ApplyStateBlock: ApplyStateBlock while the state "
                                         "block BeginStateBlock began at call 39 is still recording (EndStateBlock has "
                                         "not returned its handle)");
    }
    {
        // Nested Begin: call 35 (the EndStateBlock of call 28's block) made a BeginScene.
        Trace t = loadTrace(kD3d7BlocksTrace);
        renameCall(t, 35, "IDirect3DDevice7::BeginScene");
        CHECK(importError(t, kD3d7BlocksTrace) == kD3d7BlocksTrace + ": call 39 IDirect3DDevice7::BeginStateBlock: BeginStateBlock while the one of "
                                         "call 28 is still recording (no EndStateBlock between)");
    }
    {
        // A nested Begin the trace says failed (D3DERR_INBEGINSTATEBLOCK) changed nothing: imported.
        Trace t = loadTrace(kD3d7BlocksTrace);
        renameCall(t, 35, "IDirect3DDevice7::BeginScene");
        Call& begin = callNo(t, 39);
        REQUIRE(begin.ret);
        begin.ret->type = Value::Type::SInt;
        begin.ret->sint = -2005530571;  // MAKE_DDHRESULT(2101) = 0x88760835 - 2^32 as a signed HRESULT
        // Call 28's block records calls 40-42 and call 43 ends it (handle 3); handle 2 was never returned.
        CHECK(importError(t, kD3d7BlocksTrace).find("call 55 IDirect3DDevice7::ApplyStateBlock: dwBlockHandle = 2 is no state block") !=
              std::string::npos);
    }
    {
        // D3DSBT_PIXELSTATE (2): its state list is not sourced for Direct3D 7.
        Trace t = loadTrace(kD3d7BlocksTrace);
        setInteger(t, 27, "d3dsbType", 2);
        CHECK(importError(t, kD3d7BlocksTrace).find(": call 27 IDirect3DDevice7::CreateStateBlock: a state block of type D3DSBT_PIXELSTATE "
                                  "is not supported") != std::string::npos);
    }
    {
        // Call 19 (AMBIENT 0 before the base block) made a GetRenderState: "lit" sets AMBIENT at call 55,
        // and call 57's Apply of the base would restore it to the device's initial value.
        Trace t = loadTrace(kD3d7BlocksTrace);
        renameCall(t, 19, "IDirect3DDevice7::GetRenderState");
        CHECK(importError(t, kD3d7BlocksTrace) == kD3d7BlocksTrace + ": call 57 IDirect3DDevice7::ApplyStateBlock: restores render state 139 "
                                         "(D3DRENDERSTATE_AMBIENT) to the value a device starts with, which the importer "
                                         "does not know (first set after call 27 made or captured the state block)");
    }
    {
        // Capture of a recorded block holding lighting calls: "lit" (handle 2) at call 68.
        Trace t = loadTrace(kD3d7BlocksTrace);
        setInteger(t, 68, "dwBlockHandle", 2);
        CHECK(importError(t, kD3d7BlocksTrace).find("call 68 IDirect3DDevice7::CaptureStateBlock: re-captures a recorded state block that "
                                  "holds lighting calls (call 30 IDirect3DDevice7::SetLight)") != std::string::npos);
    }
    {
        // A block used after DeleteStateBlock: call 86 deletes handle 3, call 87 made to apply it.
        Trace t = loadTrace(kD3d7BlocksTrace);
        renameCall(t, 87, "IDirect3DDevice7::ApplyStateBlock");
        setInteger(t, 87, "dwBlockHandle", 3);
        ImportOptions o;
        o.frame = 3;
        CHECK(importError(t, kD3d7BlocksTrace, o).find("call 87 IDirect3DDevice7::ApplyStateBlock: dwBlockHandle = 3 is no state block") !=
              std::string::npos);
    }
}

TEST_CASE("apitrace/stateblock fixture (D3D7): the chain's surfaces and a Flip to another buffer") {
    {
        // Call 6 reached the second back buffer (GetAttachedSurface(DDSCAPS_FLIP) on the first); call 52's
        // Flip made to name it (lpDDSurfaceTargetOverride) would show a buffer the device does not draw.
        Trace t = loadTrace(kD3d7BlocksTrace);
        const Value* out = callNo(t, 6).arg("lplpDDAttachedSurface")->pointee();
        REQUIRE(out);
        Value& target = argOf(t, 52, "lpDDSurfaceTargetOverride");
        target = *out;
        ImportOptions o;
        o.frame = 0;
        CHECK(importError(t, kD3d7BlocksTrace, o).find("call 52 IDirectDrawSurface7::Flip: shows back buffer 2 of the chain, which is not "
                                     "the device's render target") != std::string::npos);
    }
    {
        // The last back buffer's DDSCAPS_FLIP surface is the primary: with dwBackBufferCount 1 (call 4),
        // call 6 asks the only back buffer for it and gets the primary; the frames import as before.
        Trace t = loadTrace(kD3d7BlocksTrace);
        Value* desc = const_cast<Value*>(callNo(t, 4).arg("lpDDSurfaceDesc")->pointee());
        Value* count = const_cast<Value*>(desc->member("dwBackBufferCount"));
        REQUIRE(count);
        count->uint = 1;
        count->sint = 1;
        CHECK(importError(t, kD3d7BlocksTrace) == "");
        // A chain of no back buffer is refused where it is made.
        count->uint = 0;
        count->sint = 0;
        CHECK(importError(t, kD3d7BlocksTrace).find("call 4 IDirectDraw7::CreateSurface: a flipping primary (DDSCAPS_FLIP) without "
                                  "dwBackBufferCount") != std::string::npos);
    }
}

TEST_CASE("apitrace/stateblock fixture (D3D7): a transform first set after a whole-device block returns to the identity") {
    // Call 13 (SetTransform WORLD, translation (-4.6, 3.3, 8)) moved after call 27's
    // CreateStateBlock(D3DSBT_ALL): block 1 holds no WORLD, so call 47's
    // ApplyStateBlock(1) sets WORLD to the identity, its initial value.
    Trace t = loadTrace(kD3d7BlocksTrace);
    auto at = [&](uint64_t no) {
        for (size_t i = 0; i < t.calls.size(); ++i)
            if (t.calls[i].no == no) return t.calls.begin() + std::ptrdiff_t(i);
        FAIL("no call " << no);
        return t.calls.begin();
    };
    std::rotate(at(13), at(13) + 1, at(27) + 1);  // ..., 27, 13, 28, ...
    ImportOptions o;
    o.frame = 0;
    std::vector<Json> world;
    const Capture cap = importTrace(t, kD3d7BlocksTrace, o);
    for (const Json& c : cap.json["commands"])
        if (c.contains("SetTransform") && c["SetTransform"]["state"] == "WORLD") world.push_back(c["SetTransform"]["matrix"]);
    REQUIRE(world.size() == 2);
    CHECK(world[0][12] == doctest::Approx(-4.6));
    CHECK(world[1] == Json::array({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}));
}

TEST_CASE("apitrace/stateblock fixture (D3D7): SetRenderTarget takes the device's own target, refuses another") {
    // The first BeginScene made into SetRenderTarget(lpNewRenderTarget = SURFACE, 0).
    auto withTarget = [](Trace& t, const Value& surface) {
        for (Call& c : t.calls)
            if (c.name() == "IDirect3DDevice7::BeginScene") {
                FunctionSig sig = *c.sig;
                sig.id = 200000;
                sig.name = "IDirect3DDevice7::SetRenderTarget";
                sig.argNames = {"this", "lpNewRenderTarget", "dwFlags"};
                t.functionSigs.push_back(sig);
                c.sig = &t.functionSigs.back();
                Value flags;
                flags.type = Value::Type::UInt;
                c.args.resize(1);
                c.args.push_back(surface);
                c.args.push_back(flags);
                return c.no;
            }
        FAIL("no BeginScene");
        return uint64_t(0);
    };
    ImportOptions o;
    o.frame = 0;
    {
        // The surface the device was created on (CreateDevice's lpDDS): nothing changes.
        Trace t = loadTrace(kD3d7BlocksTrace);
        const Value* own = nullptr;
        for (const Call& c : t.calls)
            if (c.name() == "IDirect3D7::CreateDevice") own = c.arg("lpDDS");
        REQUIRE(own);
        const Value ownTarget = *own;
        (void)withTarget(t, ownTarget);
        CHECK(importError(t, kD3d7BlocksTrace, o) == "");
        CHECK(importTrace(t, kD3d7BlocksTrace, o).json["commands"] == commandsOf(0));
    }
    {
        // The second back buffer (call 6's GetAttachedSurface(DDSCAPS_FLIP)), at call 37
        // (docs/apitrace.md quotes this message).
        Trace t = loadTrace(kD3d7BlocksTrace);
        const Value second = *callNo(t, 6).arg("lplpDDAttachedSurface")->pointee();
        const uint64_t no = withTarget(t, second);
        CHECK(no == 37);
        CHECK(importError(t, kD3d7BlocksTrace, o) ==
              kD3d7BlocksTrace + ": call " + std::to_string(no) +
                  " IDirect3DDevice7::SetRenderTarget: renders into back buffer 2 of the flipping chain, not the "
                  "surface the device was created on: a Direct3D 7 capture has that one render target, which the "
                  "frame's Flip or Blt presents (scene format 2's surfaces start cleared, so the contents the program "
                  "left in another surface cannot be carried)");
    }
}

TEST_CASE("apitrace/stateblock fixture (D3D7): a whole-device block turns off a light it holds that was never enabled") {
    // Call 15 (LightEnable(0, FALSE) before the base block of call 27) made a GetLightEnable: the block
    // holds light 0 as set by call 14 and never enabled. "lit" enables it at call 55; call 57's Apply of
    // the base turns it off again (wined3d's D3DSBT_ALL blocks hold every light with its enable flag).
    Trace t = loadTrace(kD3d7BlocksTrace);
    renameCall(t, 15, "IDirect3DDevice7::GetLightEnable");
    ImportOptions o;
    o.frame = 1;
    const Json cmds = importTrace(t, kD3d7BlocksTrace, o).json["commands"];
    CHECK(between(cmds, 56, 58)[1].dump() == R"({"LightEnable":{"index":0,"enable":false}})");
}
