// SPDX-License-Identifier: MIT
// CreateStateBlock(D3DSBT_ALL), Apply and Capture of the whole-device state
// block (formats/apitrace/d3d9_state_blocks.cpp), over call sequences built by
// hand and placed after the device creation of the d3d9_rtt fixture.
#include "formats/apitrace/import.h"
#include "formats/apitrace/trace_parser.h"
#include "formats/d3d/d3d_constants.h"
#include "refrast/error.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::apitrace;
using json = nlohmann::ordered_json;

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

std::string importError(const Trace& t) {
    try {
        (void)importTrace(t, kPath, {});
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
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
    for (const json& cmd : cap.json["commands"])
        if (cmd.contains("SetRenderState") && cmd["SetRenderState"].contains("D3DRS_AMBIENT"))
            ambient.push_back(cmd["SetRenderState"]["D3DRS_AMBIENT"].get<uint32_t>());
    CHECK(ambient == std::vector<uint32_t>{0x10, 0x20, 0x10, 0x30, 0x40, 0x30});
    CHECK(cap.draws == 5);  // the fixture's own frame follows unchanged
}

TEST_CASE("apitrace/state blocks: what a whole-device block cannot restore, and other types, name the call") {
    {
        // D3DRS_FOGENABLE first set after the block: Apply would need the device's initial value.
        Trace t = loadTrace(kPath);
        Calls c(t);
        c.create("D3DSBT_ALL");
        c.renderState("D3DRS_FOGENABLE", 1);
        c.block("Apply");
        c.place();
        CHECK(importError(t) == kPath + ": call 100002 IDirect3DStateBlock9::Apply: restores D3DRS_FOGENABLE to the "
                                        "value a device starts with, which the importer does not write (first set "
                                        "after call 100000 made or captured the state block)");
    }
    {
        Trace t = loadTrace(kPath);
        Calls c(t);
        c.create("D3DSBT_PIXELSTATE");
        c.place();
        CHECK(importError(t) == kPath + ": call 100000 IDirect3DDevice9::CreateStateBlock: a state block of type "
                                        "D3DSBT_PIXELSTATE is not supported: D3DSBT_ALL and recorded ones "
                                        "(BeginStateBlock/EndStateBlock) are");
    }
    {
        // Capture after the state was set makes the same Apply possible.
        Trace t = loadTrace(kPath);
        Calls c(t);
        c.create("D3DSBT_ALL");
        c.renderState("D3DRS_FOGENABLE", 1);
        c.block("Capture");
        c.renderState("D3DRS_FOGENABLE", 0);
        c.block("Apply");
        c.place();
        CHECK(importError(t).empty());
    }
}
