// SPDX-License-Identifier: MIT
// CreateStateBlock (D3DSBT_ALL, PIXELSTATE, VERTEXSTATE), recorded blocks,
// Apply and Capture (formats/apitrace/d3d9_state_blocks.cpp), over call
// sequences built by hand and placed after the device creation of the
// d3d9_rtt fixture; the expected values are worked out beside each check.
#include "formats/apitrace/import.h"
#include "formats/apitrace/trace_parser.h"
#include "formats/d3d/d3d_constants.h"
#include "refrast/error.h"
#include "tests/apitrace/trace_edit.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::apitrace;
using Json = nlohmann::ordered_json;
using refrast::test::importError;

namespace {

const std::string kPath = std::string(REFRAST_SOURCE_DIR) + "/tests/apitrace/traces/d3d9_rtt.trace";
constexpr uint64_t kBlock = 0x5b00;  // the state block's pointer

// Calls made up in a decoded trace: signatures and enums of their own.
struct Calls {
    Trace& t;
    uint64_t device = 0;
    uint64_t no = 100000;
    std::vector<Call> made;

    explicit Calls(Trace& trace) : t(trace) {
        for (const Call& c : t.calls)
            if (c.name() == "IDirect3D9::CreateDevice") device = *c.arg("ppReturnedDeviceInterface")->pointee()->pointer();
        REQUIRE(device != 0);
    }
    static Value opaque(uint64_t p) {
        Value v;
        v.type = Value::Type::Opaque;
        v.uint = p;
        return v;
    }
    static Value uint(uint64_t x) {
        Value v;
        v.type = Value::Type::UInt;
        v.uint = x;
        return v;
    }
    // An enum value by its name (the importer reads D3D9 enums by name; the number is the table's).
    Value named(const std::string& type, const std::string& name) {
        EnumSig& e = t.enumSigs.emplace_back();
        const auto x = d3d::valueOf(type, name);
        e.values.push_back({name, x ? *x : 0});
        Value v;
        v.type = Value::Type::Enum;
        v.enumSig = &e;
        v.sint = e.values[0].second;
        return v;
    }
    void call(const std::string& name, std::vector<std::string> argNames, std::vector<Value> args) {
        FunctionSig& sig = t.functionSigs.emplace_back();
        sig.id = no;
        sig.name = name;
        sig.argNames = std::move(argNames);
        Call c;
        c.no = no++;
        c.sig = &sig;
        c.args = std::move(args);
        made.push_back(std::move(c));
    }
    void renderState(const std::string& state, uint64_t value) {
        call("IDirect3DDevice9::SetRenderState", {"this", "State", "Value"},
             {opaque(device), named("D3DRENDERSTATETYPE", state), uint(value)});
    }
    void rawRenderState(uint64_t state, uint64_t value) {
        call("IDirect3DDevice9::SetRenderState", {"this", "State", "Value"}, {opaque(device), uint(state), uint(value)});
    }
    void stageState(uint64_t stage, const std::string& type, uint64_t value) {
        call("IDirect3DDevice9::SetTextureStageState", {"this", "Stage", "Type", "Value"},
             {opaque(device), uint(stage), named("D3DTEXTURESTAGESTATETYPE", type), uint(value)});
    }
    void samplerState(uint64_t sampler, const std::string& type, uint64_t value) {
        call("IDirect3DDevice9::SetSamplerState", {"this", "Sampler", "Type", "Value"},
             {opaque(device), uint(sampler), named("D3DSAMPLERSTATETYPE", type), uint(value)});
    }
    // SetTransform(state, a matrix with every element `x`).
    void transform(uint64_t state, float x) {
        Value row;
        row.type = Value::Type::Array;
        Value f;
        f.type = Value::Type::Float;
        f.f = x;
        row.items.assign(4, f);
        Value rows;
        rows.type = Value::Type::Array;
        rows.items.assign(4, row);
        StructSig& sig = t.structSigs.emplace_back();
        sig.name = "D3DMATRIX";
        sig.memberNames = {"m"};
        Value m;
        m.type = Value::Type::Struct;
        m.structSig = &sig;
        m.items.push_back(rows);
        Value p;
        p.type = Value::Type::Array;
        p.items.push_back(m);
        call("IDirect3DDevice9::SetTransform", {"this", "State", "pMatrix"}, {opaque(device), uint(state), p});
    }
    // A struct argument passed by pointer: members of the given names and values.
    Value byPointer(const std::string& type, std::vector<std::string> names, std::vector<Value> members) {
        StructSig& sig = t.structSigs.emplace_back();
        sig.name = type;
        sig.memberNames = std::move(names);
        Value m;
        m.type = Value::Type::Struct;
        m.structSig = &sig;
        m.items = std::move(members);
        Value p;
        p.type = Value::Type::Array;
        p.items.push_back(m);
        return p;
    }
    void viewport(uint64_t x, uint64_t y, uint64_t w, uint64_t h, float minZ, float maxZ) {
        Value zn, zf;
        zn.type = zf.type = Value::Type::Float;
        zn.f = minZ;
        zf.f = maxZ;
        call("IDirect3DDevice9::SetViewport", {"this", "pViewport"},
             {opaque(device), byPointer("D3DVIEWPORT9", {"X", "Y", "Width", "Height", "MinZ", "MaxZ"},
                                        {uint(x), uint(y), uint(w), uint(h), zn, zf})});
    }
    void scissor(uint64_t left, uint64_t top, uint64_t right, uint64_t bottom) {
        call("IDirect3DDevice9::SetScissorRect", {"this", "pRect"},
             {opaque(device), byPointer("RECT", {"left", "top", "right", "bottom"},
                                        {uint(left), uint(top), uint(right), uint(bottom)})});
    }
    // CreateVertexDeclaration of POSITION FLOAT3 and a TANGENT FLOAT3 (a
    // shader-only declaration) at pointer `decl`, then D3DDECL_END.
    void tangentDeclaration(uint64_t decl) {
        Value list;
        list.type = Value::Type::Array;
        const std::vector<std::string> members = {"Stream", "Offset", "Type", "Method", "Usage", "UsageIndex"};
        list.items.push_back(byPointer("D3DVERTEXELEMENT9", members,
                                       {uint(0), uint(0), named("", "D3DDECLTYPE_FLOAT3"), named("", "D3DDECLMETHOD_DEFAULT"),
                                        named("", "D3DDECLUSAGE_POSITION"), uint(0)}).items[0]);
        list.items.push_back(byPointer("D3DVERTEXELEMENT9", members,
                                       {uint(0), uint(12), named("", "D3DDECLTYPE_FLOAT3"), named("", "D3DDECLMETHOD_DEFAULT"),
                                        named("", "D3DDECLUSAGE_TANGENT"), uint(0)}).items[0]);
        list.items.push_back(byPointer("D3DVERTEXELEMENT9", members,
                                       {uint(0xff), uint(0), named("", "D3DDECLTYPE_UNUSED"), named("", "D3DDECLMETHOD_DEFAULT"),
                                        named("", "D3DDECLUSAGE_POSITION"), uint(0)}).items[0]);
        Value out;
        out.type = Value::Type::Array;
        out.items.push_back(opaque(decl));
        call("IDirect3DDevice9::CreateVertexDeclaration", {"this", "pVertexElements", "ppDecl"}, {opaque(device), list, out});
    }
    void begin() { call("IDirect3DDevice9::BeginStateBlock", {"this"}, {opaque(device)}); }
    void end() {
        Value out;
        out.type = Value::Type::Array;
        out.items.push_back(opaque(kBlock));
        call("IDirect3DDevice9::EndStateBlock", {"this", "ppSB"}, {opaque(device), out});
    }
    void create(const std::string& type) {
        Value out;
        out.type = Value::Type::Array;
        out.items.push_back(opaque(kBlock));
        call("IDirect3DDevice9::CreateStateBlock", {"this", "Type", "ppSB"}, {opaque(device), named("", type), out});
    }
    void block(const std::string& method) { call("IDirect3DStateBlock9::" + method, {"this"}, {opaque(kBlock)}); }
    // Puts the calls made after the device's creation.
    void place() {
        for (size_t i = 0; i < t.calls.size(); ++i)
            if (t.calls[i].name() == "IDirect3D9::CreateDevice") {
                t.calls.insert(t.calls.begin() + std::ptrdiff_t(i + 1), made.begin(), made.end());
                return;
            }
    }
};

// The values the capture's commands give `key` of command `command` (of
// stage or sampler `unit` when given), in order.
std::vector<Json> valuesOf(const Capture& cap, const std::string& command, const std::string& key, int unit = -1) {
    std::vector<Json> out;
    for (const Json& cmd : cap.json["commands"])
        if (cmd.contains(command) && cmd[command].is_object() && cmd[command].contains(key)) {
            const Json& c = cmd[command];
            if (unit >= 0 && c.value("stage", c.value("sampler", c.value("state", -1))) != unit) continue;
            out.push_back(c[key]);
        }
    return out;
}

}  // namespace

TEST_CASE("apitrace/state blocks: CreateStateBlock(D3DSBT_ALL), Apply restores, Capture saves again") {
    Trace t = loadTrace(kPath);
    Calls c(t);
    c.renderState("D3DRS_AMBIENT", 0x10);
    c.create("D3DSBT_ALL");
    c.renderState("D3DRS_AMBIENT", 0x20);
    c.block("Apply");    // back to 0x10
    c.renderState("D3DRS_AMBIENT", 0x30);
    c.block("Capture");  // the block now holds 0x30
    c.renderState("D3DRS_AMBIENT", 0x40);
    c.block("Apply");    // back to 0x30
    c.place();
    const Capture cap = importTrace(t, kPath, {});
    std::vector<uint32_t> ambient;
    for (const Json& cmd : cap.json["commands"])
        if (cmd.contains("SetRenderState") && cmd["SetRenderState"].contains("D3DRS_AMBIENT"))
            ambient.push_back(cmd["SetRenderState"]["D3DRS_AMBIENT"].get<uint32_t>());
    CHECK(ambient == std::vector<uint32_t>{0x10, 0x20, 0x10, 0x30, 0x40, 0x30});
    CHECK(cap.draws == 5);  // the fixture's own frame follows unchanged
}

TEST_CASE("apitrace/state blocks: Apply returns a state first set after the block to the device's initial value") {
    Trace t = loadTrace(kPath);
    Calls c(t);
    c.create("D3DSBT_ALL");                         // 100000
    c.renderState("D3DRS_FOGENABLE", 1);            // 100001
    c.stageState(1, "D3DTSS_COLOROP", 4);           // D3DTOP_MODULATE
    c.samplerState(0, "D3DSAMP_MAGFILTER", 2);      // D3DTEXF_LINEAR
    c.transform(256, 2.0f);                         // D3DTS_WORLD
    c.block("Apply");
    c.place();
    const Capture cap = importTrace(t, kPath, {});
    // Initial values (formats/d3d/d3d9_device_defaults.cpp): FOGENABLE FALSE = 0;
    // stage 1 COLOROP D3DTOP_DISABLE = 1; MAGFILTER D3DTEXF_POINT = 1; WORLD the identity.
    const auto fog = valuesOf(cap, "SetRenderState", "D3DRS_FOGENABLE");
    REQUIRE(fog.size() >= 2);
    CHECK(fog[0] == 1);
    CHECK(fog[1] == 0);
    const auto colorop = valuesOf(cap, "SetTextureStageState", "D3DTSS_COLOROP", 1);
    REQUIRE(colorop.size() >= 2);
    CHECK(colorop[0] == 4);
    CHECK(colorop[1] == 1);
    const auto mag = valuesOf(cap, "SetSamplerState", "D3DSAMP_MAGFILTER", 0);
    REQUIRE(mag.size() >= 2);
    CHECK(mag[0] == 2);
    CHECK(mag[1] == 1);
    const auto world = valuesOf(cap, "SetTransform", "matrix", 256);
    REQUIRE(world.size() >= 2);
    CHECK(world[0] == Json::array({2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}));
    CHECK(world[1] == Json::array({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}));
}

TEST_CASE("apitrace/state blocks: Apply of a declaration the loader refuses writes no SetVertexDeclaration") {
    Trace t = loadTrace(kPath);
    Calls c(t);
    c.tangentDeclaration(0x5c00);
    c.call("IDirect3DDevice9::SetVertexDeclaration", {"this", "pDecl"}, {Calls::opaque(c.device), Calls::opaque(0x5c00)});
    c.create("D3DSBT_ALL");  // holds the TANGENT declaration
    c.call("IDirect3DDevice9::SetFVF", {"this", "FVF"}, {Calls::opaque(c.device), Calls::uint(0x42)});  // XYZ | DIFFUSE
    c.block("Apply");        // the declaration again: only a shader draw could use it
    c.place();
    const Capture cap = importTrace(t, kPath, {});
    size_t declarations = 0, fvfs = 0;
    for (const Json& cmd : cap.json["commands"]) {
        declarations += cmd.contains("SetVertexDeclaration");
        fvfs += cmd.contains("SetFVF") && cmd["SetFVF"] == 0x42;
    }
    CHECK(declarations == 0);  // before the fix, the Apply wrote the TANGENT declaration the loader refuses
    CHECK(fvfs == 1);
    CHECK(cap.draws == 5);     // the fixture's frame sets its own FVF before its draws
}

TEST_CASE("apitrace/state blocks: a block made before any SetViewport restores the whole render target's") {
    // The fixture's device has a 256x256 back buffer (d3d9_rtt.cpp kW, kH):
    // CreateDevice leaves the viewport (0, 0, 256, 256, depth 0..1) and the
    // scissor rectangle [0, 0, 256, 256], which a D3DSBT_ALL block made then holds.
    const Json whole = {{"x", 0}, {"y", 0}, {"width", 256}, {"height", 256}, {"min_z", 0.0}, {"max_z", 1.0}};
    {
        Trace t = loadTrace(kPath);
        Calls c(t);
        c.create("D3DSBT_ALL");
        c.viewport(10, 20, 30, 40, 0.25f, 0.75f);
        c.scissor(1, 2, 3, 4);
        c.block("Apply");
        c.place();
        const Capture cap = importTrace(t, kPath, {});
        std::vector<Json> viewports, scissors;
        for (const Json& cmd : cap.json["commands"]) {
            if (cmd.contains("SetViewport")) viewports.push_back(cmd["SetViewport"]);
            if (cmd.contains("SetScissorRect")) scissors.push_back(cmd["SetScissorRect"]);
        }
        REQUIRE(viewports.size() >= 2);
        CHECK(viewports[0] == Json{{"x", 10}, {"y", 20}, {"width", 30}, {"height", 40}, {"min_z", 0.25}, {"max_z", 0.75}});
        CHECK(viewports[1] == whole);
        REQUIRE(scissors.size() >= 2);
        CHECK(scissors[0] == Json::array({1, 2, 3, 4}));
        CHECK(scissors[1] == Json::array({0, 0, 256, 256}));
    }
    {
        // A recorded block that set the viewport, captured while none was set,
        // holds the whole target too; its Apply after a SetViewport restores it.
        Trace t = loadTrace(kPath);
        Calls c(t);
        c.begin();
        c.viewport(5, 5, 10, 10, 0.0f, 1.0f);  // recorded: not written
        c.end();
        c.block("Capture");                    // the viewport is unset: the whole target
        c.viewport(8, 8, 16, 16, 0.0f, 1.0f);
        c.block("Apply");
        c.place();
        const Capture cap = importTrace(t, kPath, {});
        std::vector<Json> viewports;
        for (const Json& cmd : cap.json["commands"])
            if (cmd.contains("SetViewport")) viewports.push_back(cmd["SetViewport"]);
        REQUIRE(viewports.size() >= 2);
        CHECK(viewports[0]["x"] == 8);
        CHECK(viewports[1] == whole);
    }
    {
        // Applied while the viewport is still the whole target: nothing to write.
        Trace t = loadTrace(kPath);
        Calls c(t);
        c.create("D3DSBT_ALL");
        c.block("Apply");
        c.place();
        const Capture plain = importTrace(loadTrace(kPath), kPath, {});
        const Capture cap = importTrace(t, kPath, {});
        size_t written = 0;
        for (const Json& cmd : cap.json["commands"]) written += cmd.contains("SetViewport") + cmd.contains("SetScissorRect");
        CHECK(written == 0);
        CHECK(cap.json["commands"].size() == plain.json["commands"].size());
    }
}

TEST_CASE("apitrace/state blocks: D3DSBT_PIXELSTATE and D3DSBT_VERTEXSTATE hold their own states only") {
    for (const std::string type : {"D3DSBT_PIXELSTATE", "D3DSBT_VERTEXSTATE"}) {
        CAPTURE(type);
        const bool pixel = type == "D3DSBT_PIXELSTATE";
        Trace t = loadTrace(kPath);
        Calls c(t);
        c.renderState("D3DRS_ALPHAREF", 0x10);  // a pixel state
        c.renderState("D3DRS_AMBIENT", 0x10);   // a vertex state
        c.create(type);
        c.renderState("D3DRS_ALPHAREF", 0x20);
        c.renderState("D3DRS_AMBIENT", 0x20);
        c.renderState("D3DRS_SRCBLEND", 5);     // pixel, first set now: D3DBLEND_SRCALPHA
        c.renderState("D3DRS_FOGVERTEXMODE", 3);  // vertex, first set now: D3DFOG_LINEAR
        c.stageState(2, "D3DTSS_TEXCOORDINDEX", 0);  // in both lists
        c.stageState(2, "D3DTSS_COLORARG1", 0);      // pixel only: D3DTA_DIFFUSE
        c.block("Apply");
        c.place();
        const Capture cap = importTrace(t, kPath, {});
        auto first = [&](const std::string& cmd, const std::string& key, size_t n, int unit = -1) {
            auto v = valuesOf(cap, cmd, key, unit);
            if (v.size() > n) v.resize(n);
            return Json(v);
        };
        // The block's own states return to what they held at CreateStateBlock
        // (ALPHAREF 0x10, AMBIENT 0x10) or to the initial value (SRCBLEND
        // D3DBLEND_ONE = 2, FOGVERTEXMODE D3DFOG_NONE = 0, stage 2's TEXCOORDINDEX 2 and
        // COLORARG1 D3DTA_TEXTURE = 2); the other list's stay as set.
        if (pixel) {
            CHECK(first("SetRenderState", "D3DRS_ALPHAREF", 3) == Json::array({0x10, 0x20, 0x10}));
            CHECK(first("SetRenderState", "D3DRS_AMBIENT", 3) == Json::array({0x10, 0x20}));
            CHECK(first("SetRenderState", "D3DRS_SRCBLEND", 2) == Json::array({5, 2}));
            CHECK(first("SetRenderState", "D3DRS_FOGVERTEXMODE", 2) == Json::array({3}));
            CHECK(first("SetTextureStageState", "D3DTSS_COLORARG1", 2, 2) == Json::array({0, 2}));
        } else {
            CHECK(first("SetRenderState", "D3DRS_ALPHAREF", 3) == Json::array({0x10, 0x20}));
            CHECK(first("SetRenderState", "D3DRS_AMBIENT", 3) == Json::array({0x10, 0x20, 0x10}));
            CHECK(first("SetRenderState", "D3DRS_SRCBLEND", 2) == Json::array({5}));
            CHECK(first("SetRenderState", "D3DRS_FOGVERTEXMODE", 2) == Json::array({3, 0}));
            CHECK(first("SetTextureStageState", "D3DTSS_COLORARG1", 2, 2) == Json::array({0}));
        }
        CHECK(first("SetTextureStageState", "D3DTSS_TEXCOORDINDEX", 2, 2) == Json::array({0, 2}));
    }
}

TEST_CASE("apitrace/state blocks: Capture of a recorded block saves only the states it recorded") {
    Trace t = loadTrace(kPath);
    Calls c(t);
    c.begin();
    c.renderState("D3DRS_AMBIENT", 0x10);  // recorded: not written
    c.end();
    c.block("Apply");                      // replays it: AMBIENT 0x10
    c.renderState("D3DRS_AMBIENT", 0x30);
    c.renderState("D3DRS_ALPHAREF", 0x30);
    c.block("Capture");                    // holds AMBIENT 0x30, not ALPHAREF
    c.renderState("D3DRS_AMBIENT", 0x40);
    c.renderState("D3DRS_ALPHAREF", 0x40);
    c.block("Apply");                      // AMBIENT back to 0x30; ALPHAREF stays 0x40
    c.place();
    const Capture cap = importTrace(t, kPath, {});
    auto ambient = valuesOf(cap, "SetRenderState", "D3DRS_AMBIENT");
    auto alpharef = valuesOf(cap, "SetRenderState", "D3DRS_ALPHAREF");
    ambient.resize(std::min<size_t>(ambient.size(), 4));
    alpharef.resize(std::min<size_t>(alpharef.size(), 3));
    CHECK(Json(ambient) == Json::array({0x10, 0x30, 0x40, 0x30}));
    CHECK(Json(alpharef) == Json::array({0x30, 0x40}));
}

TEST_CASE("apitrace/state blocks: what a block cannot restore, and other types, name the call") {
    {
        // A state set by number only (no D3DRENDERSTATETYPE name): its initial value is not known.
        Trace t = loadTrace(kPath);
        Calls c(t);
        c.create("D3DSBT_ALL");
        c.rawRenderState(250, 1);
        c.block("Apply");
        c.place();
        CHECK(importError(t, kPath) == kPath + ": call 100002 IDirect3DStateBlock9::Apply: restores 250 to the value a "
                                        "device starts with, which the importer does not know (first set after call "
                                        "100000 made or captured the state block)");
    }
    {
        Trace t = loadTrace(kPath);
        Calls c(t);
        c.create("D3DSBT_FORCE_DWORD");
        c.place();
        CHECK(importError(t, kPath) == kPath + ": call 100000 IDirect3DDevice9::CreateStateBlock: a state block of type "
                                        "D3DSBT_FORCE_DWORD is not one of D3DSBT_ALL, D3DSBT_PIXELSTATE, "
                                        "D3DSBT_VERTEXSTATE");
    }
    {
        // Capture after the state was set: the block holds the set value.
        Trace t = loadTrace(kPath);
        Calls c(t);
        c.create("D3DSBT_ALL");
        c.renderState("D3DRS_FOGENABLE", 1);
        c.block("Capture");
        c.renderState("D3DRS_FOGENABLE", 0);
        c.block("Apply");
        c.place();
        const Capture cap = importTrace(t, kPath, {});
        auto fog = valuesOf(cap, "SetRenderState", "D3DRS_FOGENABLE");
        fog.resize(std::min<size_t>(fog.size(), 3));
        CHECK(Json(fog) == Json::array({1, 0, 1}));
    }
}
