// SPDX-License-Identifier: MIT
// The Direct3D 9 interpreter on the shared traces: what each capture holds,
// checked against the calls of each trace's dump.
#include "formats/apitrace/import.h"
#include "formats/apitrace/trace_parser.h"
#include "refrast/error.h"
#include "refrast/scene.h"
#include "src/import/capture_writer.h"
#include "tests/apitrace/trace_fixtures.h"
#include "tests/apitrace/trace_writer.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <fstream>

using namespace refrast;
using namespace refrast::apitrace;
using Json = nlohmann::ordered_json;

namespace {

Capture importShared(const std::string& name, ImportOptions options = {}) {
    const std::string path = test::sharedTrace(name);
    return importTrace(loadTrace(path), path, options);
}

const Json* nthCommand(const Json& commands, const std::string& name, size_t nth = 0) {
    for (const Json& c : commands)
        if (c.contains(name) && nth-- == 0) return &c[name];
    return nullptr;
}

const CaptureFile* findFile(const Capture& c, const std::string& name) {
    for (const CaptureFile& f : c.files)
        if (f.name == name) return &f;
    return nullptr;
}

std::string importError(const std::vector<uint8_t>& file, ImportOptions options = {}) {
    try {
        const TraceStream s = decompressTrace(file, "t.trace");
        (void)importTrace(parseTrace(s, "t.trace"), "t.trace", options);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("apitrace/d3d9: the fogged two-stage scene: buffers, textures, states and both draws") {
    const Capture c = importShared("d3d9_ff_quad");
    const Json& j = c.json;
    CHECK(j["refrast_scene"] == 2);
    CHECK(j["surfaces"].dump() ==
          R"([{"name":"backbuffer","format":"X8R8G8B8","width":256,"height":256},{"name":"depth","format":"D24S8","width":256,"height":256}])");
    // Calls 2-9: a 256-byte vertex buffer and a 12-byte index buffer filled by memcpy.
    CHECK(j["buffers"].dump() == R"([{"uri":"buffer0.bin","byte_length":256},{"uri":"buffer1.bin","byte_length":12}])");
    const Trace t = loadTrace(test::sharedTrace("d3d9_ff_quad"));
    std::string vbBlob, ibBlob;
    for (const Call& call : t.calls) {
        if (call.no == 4) vbBlob = call.arg("src")->bytes;
        if (call.no == 8) ibBlob = call.arg("src")->bytes;
    }
    REQUIRE(findFile(c, "buffer0.bin"));
    CHECK(std::string(findFile(c, "buffer0.bin")->bytes.begin(), findFile(c, "buffer0.bin")->bytes.end()) == vbBlob);
    CHECK(std::string(findFile(c, "buffer1.bin")->bytes.begin(), findFile(c, "buffer1.bin")->bytes.end()) == ibBlob);
    // Two A8R8G8B8 textures, 64² and 16², one level each: 128-byte DDS header + texels.
    REQUIRE(findFile(c, "texture0.dds"));
    CHECK(findFile(c, "texture0.dds")->bytes.size() == 128 + 64 * 64 * 4);
    CHECK(findFile(c, "texture1.dds")->bytes.size() == 128 + 16 * 16 * 4);
    // The FourCC field holds D3DFMT_A8R8G8B8 = 21.
    CHECK(findFile(c, "texture0.dds")->bytes[84] == 21);
    // Float states from their raw bits: 1077936128 = 0x40400000 = 3.0f, 1096810496 = 0x41600000 = 14.0f.
    const Json& cmds = j["commands"];
    bool fogStart = false, fogEnd = false;
    for (const Json& cmd : cmds)
        if (cmd.contains("SetRenderState")) {
            if (cmd["SetRenderState"].contains("D3DRS_FOGSTART")) fogStart = cmd["SetRenderState"]["D3DRS_FOGSTART"] == 3.0;
            if (cmd["SetRenderState"].contains("D3DRS_FOGEND")) fogEnd = cmd["SetRenderState"]["D3DRS_FOGEND"] == 14.0;
        }
    CHECK(fogStart);
    CHECK(fogEnd);
    const Json* second = nthCommand(cmds, "DrawIndexedPrimitive", 1);
    REQUIRE(second);
    CHECK(second->dump() ==
          R"({"name":"call 67","primitive":"D3DPT_TRIANGLELIST","base_vertex_index":4,"min_index":0,"num_vertices":4,"start_index":0,"primitive_count":2})");
    CHECK(nthCommand(cmds, "SetStreamSource")->dump() == R"({"stream":0,"buffer":0,"offset":0,"stride":32})");
    CHECK(nthCommand(cmds, "SetTexture", 1)->dump() == R"({"stage":1,"texture":"texture1"})");
    // D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX2 = 0x2 | 0x40 | 0x200.
    CHECK(*nthCommand(cmds, "SetFVF") == 0x242);
    CHECK(c.draws == 2);
}

TEST_CASE("apitrace/d3d9: inline vertices of DrawPrimitiveUP decode by the FVF") {
    const Capture c = importShared("d3d9_tri");
    const Json* draw = nthCommand(c.json["commands"], "DrawPrimitiveUP");
    REQUIRE(draw);
    // blob(48), stride 16: three XYZ | DIFFUSE vertices (3 floats and a D3DCOLOR).
    REQUIRE((*draw)["vertices"].size() == 3);
    CHECK((*draw)["vertices"][0].size() == 4);
    CHECK((*draw)["vertices"][0][0] == double(-0.9f));
    CHECK((*draw)["vertices"][0][2] == 0.5);
    CHECK((*draw)["primitive_count"] == 1);
}

TEST_CASE("apitrace/d3d9: a D3D9Ex SYSTEMMEM texture over user memory reaches the drawn texture by UpdateTexture") {
    const Capture c = importShared("d3d9_tex_sysmem");
    const Trace t = loadTrace(test::sharedTrace("d3d9_tex_sysmem"));
    std::string user;
    for (const Call& call : t.calls)
        if (call.no == 4) user = call.arg("pSharedHandle")->pointee()->bytes;
    REQUIRE(user.size() == 32 * 32 * 4);
    const CaptureFile* dds = findFile(c, "texture0.dds");
    REQUIRE(dds);
    CHECK(std::string(dds->bytes.begin() + 128, dds->bytes.end()) == user);
}

TEST_CASE("apitrace/d3d9: shader draws are refused with the call numbers, or dropped and counted") {
    CHECK_THROWS_WITH_AS(importShared("d3d9_tri_pp"),
                         (test::sharedTrace("d3d9_tri_pp") +
                          ": call 13 IDirect3DDevice9::DrawPrimitiveUP: draws with the vertex shader set by call 8 "
                          "(SetVertexShader); refrast renders fixed-function draws only (--skip-shader-draws drops such draws)")
                             .c_str(),
                         InputError);
    ImportOptions skip;
    skip.skipShaderDraws = true;
    const Capture c = importShared("d3d9_tri_pp", skip);
    CHECK(c.draws == 0);
    CHECK(c.droppedShaderDraws == 1);
}

// d3d9_tri_pp's declaration (call 5: POSITION FLOAT4, COLOR FLOAT4 at offset
// 16) with its colour made a TANGENT, as a shader-only declaration has one.
static Trace sharedTraceWithTangent(const char* name) {
    Trace t = loadTrace(test::sharedTrace(name));
    for (Call& c : t.calls)
        if (c.name() == "IDirect3DDevice9::CreateVertexDeclaration") {
            Value& usage = *const_cast<Value*>(c.arg("pVertexElements")->items.at(1).member("Usage"));
            usage.sint = usage.uint = 6;  // D3DDECLUSAGE_TANGENT (d3d9types.h)
            REQUIRE(usage.enumSig->nameOf(usage.sint) != nullptr);
        }
    return t;
}

TEST_CASE("apitrace/d3d9: a declaration only dropped shader draws use does not reach the capture; an FFP draw under it is refused") {
    const std::string path = test::sharedTrace("d3d9_tri_pp");
    ImportOptions skip;
    skip.skipShaderDraws = true;
    const Capture c = importTrace(sharedTraceWithTangent("d3d9_tri_pp"), path, skip);
    CHECK(c.droppedShaderDraws == 1);
    CHECK(nthCommand(c.json["commands"], "SetVertexDeclaration") == nullptr);
    // The written capture loads (before the fix the loader refused the
    // TANGENT element of the SetVertexDeclaration command).
    test::TempDir dir;
    import::writeCaptureDir(c, dir.file("cap"));
    CHECK_NOTHROW((void)loadScene(dir.file("cap") + "/capture.json"));
    // Calls 7-18 start after SetVertexDeclaration (call 6): the opening state
    // holds the declaration, and does not write it either.
    ImportOptions later = skip;
    later.calls = "7-18";
    const Capture d = importTrace(sharedTraceWithTangent("d3d9_tri_pp"), path, later);
    CHECK(d.droppedShaderDraws == 1);
    CHECK(nthCommand(d.json["commands"], "SetVertexDeclaration") == nullptr);

    // Without the shaders (SetVertexShader / SetPixelShader NULL, calls 8 and
    // 10) call 13 is a fixed-function draw that reads the declaration: refused
    // with both call numbers, as no source at hand lists the usages D3D9's
    // fixed-function pipeline skips.
    Trace ffp = sharedTraceWithTangent("d3d9_tri_pp");
    for (Call& call : ffp.calls)
        if (call.name() == "IDirect3DDevice9::SetVertexShader" || call.name() == "IDirect3DDevice9::SetPixelShader")
            const_cast<Value*>(call.arg("pShader"))->uint = 0;
    std::string e;
    try {
        (void)importTrace(ffp, path, {});
    } catch (const InputError& x) {
        e = x.what();
    }
    CHECK(e == path + ": call 13 IDirect3DDevice9::DrawPrimitiveUP: draws with the vertex declaration made by call 5, "
                      "which refrast's fixed-function pipeline cannot take: /1/usage: unsupported declaration usage "
                      "\"D3DDECLUSAGE_TANGENT\" (not implemented; expected one of POSITION, BLENDWEIGHT, BLENDINDICES, "
                      "NORMAL, TEXCOORD, POSITIONT, COLOR)");
}

TEST_CASE("apitrace/d3d9: a call on an unknown object, an unsupported call, a memcpy outside any lock") {
    test::StreamWriter w;
    w.header().enterNew(0, "IDirect3DDevice9::Clear", {"this"}).argOpaque(0, 0x10).end().leave(0).end();
    CHECK(importError(test::containerOf(w.s)) == "t.trace: call 0 IDirect3DDevice9::Clear: this = 0x10 is no object the trace created");

    test::StreamWriter u;
    u.header().enterNew(0, "Direct3DCreate9", {"SDKVersion"}).argUInt(0, 32).end().leave(0).byte(2).byte(13).uint(0x50).end();
    u.enterNew(1, "IDirect3D9::RegisterSoftwareDevice", {"this"}).argOpaque(0, 0x50).end().leave(1).end();
    CHECK(importError(test::containerOf(u.s)) ==
          "t.trace: call 1 IDirect3D9::RegisterSoftwareDevice: is not supported by the Direct3D 9 importer (docs/apitrace.md lists what is read)");

    test::StreamWriter m;
    m.header().enterNew(0, "Direct3DCreate9", {"SDKVersion"}).argUInt(0, 32).end().leave(0).byte(2).byte(13).uint(0x50).end();
    m.enterNew(1, "memcpy", {"dest", "src", "n"}).argOpaque(0, 0x900).byte(1).uint(1).byte(8).str("abcd").argUInt(2, 4).end();
    m.leave(1).end();
    CHECK(importError(test::containerOf(m.s)) ==
          "t.trace: call 1 memcpy: dest = 0x900 lies in no locked buffer, texture level or surface (an upload refrast cannot place)");
}

TEST_CASE("apitrace/d3d9: a resource larger than the trace justifies is refused before it is allocated") {
    test::StreamWriter w;
    w.header().enterNew(0, "Direct3DCreate9", {"SDKVersion"}).argUInt(0, 32).end().leave(0).byte(2).vOpaque(0x50).end();
    w.enterNew(1, "IDirect3D9::CreateDevice", {"this", "pPresentationParameters", "ppReturnedDeviceInterface"});
    w.argOpaque(0, 0x50).arg(1).vArray(1).vStructNew(0, "D3DPRESENT_PARAMETERS",
                                                      {"BackBufferWidth", "BackBufferHeight", "BackBufferFormat", "EnableAutoDepthStencil"});
    w.vUInt(64).vUInt(64).vUInt(22).vUInt(0).arg(2).vArray(1).vOpaque(0x60).end().leave(1).end();
    // 1 GiB of vertex buffer in a stream of about 200 bytes: over the 256 MiB + 4 × stream budget.
    w.enterNew(2, "IDirect3DDevice9::CreateVertexBuffer", {"this", "Length", "ppVertexBuffer"});
    w.argOpaque(0, 0x60).argUInt(1, uint64_t(1) << 30).arg(2).vArray(1).vOpaque(0x70).end().leave(2).end();
    const std::string e = importError(test::containerOf(w.s));
    CAPTURE(e);
    CHECK(e.rfind("t.trace: call 2 IDirect3DDevice9::CreateVertexBuffer: needs more resource memory than the trace's ", 0) == 0);
    CHECK(e.find("stream bytes justify (256 MiB)") != std::string::npos);
}

TEST_CASE("apitrace/d3d9: the CLI writes the capture folder, and nothing on an error") {
    test::TempDir dir;
    const std::string out = dir.file("cap");
    // A trailing slash names the same folder.
    const test::CliResult r = test::runRefrast("import apitrace " + test::sharedTrace("d3d9_ff_quad") + " -o " + out + "/");
    CHECK(r.status == 0);
    CHECK(r.output.find("frame 0 (calls 0-69): 2 draws") != std::string::npos);
    CHECK(std::filesystem::exists(out + "/capture.json"));
    CHECK(std::filesystem::file_size(out + "/buffer0.bin") == 256);
    const std::string refused = dir.file("refused");
    const test::CliResult p = test::runRefrast("import apitrace " + test::sharedTrace("d3d9_tri_pp") + " -o " + refused);
    CHECK(p.status == 2);
    CHECK(!std::filesystem::exists(refused));
    CHECK(std::distance(std::filesystem::directory_iterator(dir.path), std::filesystem::directory_iterator()) == 1);
    // --frame beyond the trace is a usage error.
    CHECK(test::runRefrast("import apitrace " + test::sharedTrace("d3d9_tri") + " --frame 9 -o " + refused).status == 2);
}
