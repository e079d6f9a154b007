// SPDX-License-Identifier: MIT
// The committed fixture tests/apitrace/traces/d3d9_packed.trace, made by
// tests/apitrace/programs/d3d9_packed.cpp under Wine (make-traces.sh): four
// quads under vertex declarations of packed D3DDECLTYPEs, two inline (…UP)
// and two from vertex buffers, drawn by the fixed-function pipeline.
#include "formats/apitrace/import.h"
#include "formats/apitrace/trace_parser.h"
#include "refrast/error.h"
#include "tests/apitrace/trace_edit.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::apitrace;
using Json = nlohmann::ordered_json;
using refrast::test::importError;

namespace {
const std::string kPackedTrace = std::string(REFRAST_SOURCE_DIR) + "/tests/apitrace/traces/d3d9_packed.trace";
const std::string kPackedWine = std::string(REFRAST_SOURCE_DIR) + "/tests/apitrace/traces/d3d9_packed.wine.bgrx";

// The n-th CreateVertexDeclaration call and its first element.
Call& declarationCall(Trace& t, int n) {
    for (Call& c : t.calls)
        if (c.name() == "IDirect3DDevice9::CreateVertexDeclaration" && n-- == 0) return c;
    FAIL("no such CreateVertexDeclaration");
    return t.calls.front();
}
Value& firstElementMember(Call& c, const char* member) {
    return *const_cast<Value*>(c.arg("pVertexElements")->items.at(0).member(member));
}
uint64_t firstDrawAfter(const Trace& t, uint64_t call) {
    for (const Call& c : t.calls)
        if (c.no > call && c.name().find("::Draw") != std::string::npos) return c.no;
    return 0;
}
}  // namespace

TEST_CASE("apitrace/packed declarations fixture (D3D9): SHORT, normalised, FLOAT16 elements, inline and in buffers") {
    const Capture c = importTrace(loadTrace(kPackedTrace), kPackedTrace, {});
    CHECK(c.draws == 4);
    std::vector<std::string> types;
    Json inlineVertices = Json::array();
    for (const Json& cmd : c.json["commands"]) {
        if (cmd.contains("SetVertexDeclaration"))
            for (const Json& e : cmd["SetVertexDeclaration"]) types.push_back(e["type"].get<std::string>());
        if (cmd.contains("DrawPrimitiveUP")) inlineVertices.push_back(cmd["DrawPrimitiveUP"]["vertices"][0]);
        if (cmd.contains("DrawIndexedPrimitiveUP")) inlineVertices.push_back(cmd["DrawIndexedPrimitiveUP"]["vertices"][2]);
    }
    CHECK(types == std::vector<std::string>{"FLOAT16_2", "UBYTE4N", "SHORT4", "SHORT4N", "SHORT2", "USHORT4N",
                                            "FLOAT16_4", "FLOAT16_4"});
    // Inline vertices keep the stored values: the first top-left vertex is
    // FLOAT16 -0.875 = 0xBB00 = 47872 (sign, exponent 14, mantissa 0x300) and
    // 0.875 = 0x3B00 = 15104, then UBYTE4N bytes 255, 0, 0, 255; the third
    // bottom-left vertex is SHORT4 (-90, -90, 0, 100) and SHORT4N (-32768, 4096, 32767, 32767).
    CHECK(inlineVertices == Json::array({Json::array({47872, 15104, 255, 0, 0, 255}),
                                         Json::array({-90, -90, 0, 100, -32768, 4096, 32767, 32767})}));

    test::TempDir dir;
    const std::string png = dir.file("packed.png");
    REQUIRE(test::runRefrast("render " + kPackedTrace + " -o " + png).status == 0);
    // Wine's frame, within 1 on every pixel (254 pixels differ by 1, 208 of
    // them in the top-left quad's gradient); the Wine gate of the other fixtures.
    const test::CliResult d = test::runRefrast("diff " + png + " " + kPackedWine +
                                               " --raw-size 128x128 --raw-format bgrx8 --tolerance 1");
    CHECK_MESSAGE(d.status == 0, d.output);
}

TEST_CASE("apitrace/packed declarations fixture (D3D9): what the fixed-function pipeline cannot take names the calls") {
    {
        Trace t = loadTrace(kPackedTrace);
        Call& create = declarationCall(t, 0);
        Value& type = firstElementMember(create, "Type");
        type.sint = type.uint = 17;  // D3DDECLTYPE_UNUSED (d3d9types.h), tessellator output
        REQUIRE(type.enumSig->nameOf(type.sint) != nullptr);
        const uint64_t draw = firstDrawAfter(t, create.no);
        CHECK(importError(t, kPackedTrace) == kPackedTrace + ": call " + std::to_string(draw) +
                                    " IDirect3DDevice9::DrawPrimitiveUP: draws with the vertex declaration made by call " +
                                    std::to_string(create.no) +
                                    ", which refrast's fixed-function pipeline cannot take: /0/type: unsupported "
                                    "declaration type \"D3DDECLTYPE_UNUSED\" (not implemented; expected one of FLOAT1, "
                                    "FLOAT2, FLOAT3, FLOAT4, D3DCOLOR, UBYTE4, SHORT2, SHORT4, UBYTE4N, SHORT2N, "
                                    "SHORT4N, USHORT2N, USHORT4N, UDEC3, DEC3N, FLOAT16_2, FLOAT16_4)");
    }
    {
        Trace t = loadTrace(kPackedTrace);
        Call& create = declarationCall(t, 2);  // the vertex-buffer quad's
        Value& method = firstElementMember(create, "Method");
        method.sint = method.uint = 1;  // D3DDECLMETHOD_PARTIALU
        REQUIRE(method.enumSig->nameOf(method.sint) != nullptr);
        const uint64_t draw = firstDrawAfter(t, create.no);
        CHECK(importError(t, kPackedTrace) == kPackedTrace + ": call " + std::to_string(draw) +
                                    " IDirect3DDevice9::DrawPrimitive: draws with the vertex declaration made by call " +
                                    std::to_string(create.no) +
                                    ", which refrast's fixed-function pipeline cannot take: element 0 uses "
                                    "D3DDECLMETHOD_PARTIALU, data the tessellator makes, which refrast does not have");
    }
    {
        // A normal from two components: the loader's rule, with the call.
        Trace t = loadTrace(kPackedTrace);
        Call& create = declarationCall(t, 1);
        Value& usage = *const_cast<Value*>(create.arg("pVertexElements")->items.at(1).member("Usage"));
        usage.sint = usage.uint = 3;  // D3DDECLUSAGE_NORMAL, on the SHORT4N colour: four components, accepted
        CHECK(importError(t, kPackedTrace).empty());
        Value& usage2 = firstElementMember(declarationCall(t, 2), "Usage");
        usage2.sint = usage2.uint = 3;  // the SHORT2 position read as a normal: two components
        CHECK(importError(t, kPackedTrace).find("NORMAL has three components (x, y, z); SHORT2 has 2") != std::string::npos);
    }
}
