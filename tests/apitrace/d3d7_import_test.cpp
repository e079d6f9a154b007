// SPDX-License-Identifier: MIT
// The DirectDraw 7 / Direct3D 7 interpreter on the shared d3d7_tri trace.
#include "formats/apitrace/import.h"
#include "formats/apitrace/trace_parser.h"
#include "refrast/error.h"
#include "tests/apitrace/trace_fixtures.h"
#include "tests/apitrace/trace_writer.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::apitrace;

TEST_CASE("apitrace/d3d7: the RGB-device triangle: surface, numeric states, an inline draw") {
    const std::string path = test::sharedTrace("d3d7_tri");
    const Capture c = importTrace(loadTrace(path), path, {});
    const auto& j = c.json;
    // Call 3: the 250x250 OFFSCREENPLAIN | 3DDEVICE surface without a pixel
    // format (the display's) is the render target of call 8's device.
    CHECK(j["surfaces"].dump() == R"([{"name":"backbuffer","format":"X8R8G8B8","width":250,"height":250}])");
    CHECK(j["output"] == "backbuffer");
    const auto& cmds = j["commands"];
    REQUIRE(cmds.size() == 6);
    // No Z buffer is attached: D3D7's D3DRENDERSTATE_ZENABLE (7) starts FALSE.
    CHECK(cmds[0].dump() == R"({"SetRenderState":{"7":0}})");
    CHECK(cmds[1].dump() == R"({"Clear":{"flags":1,"color":4283177292,"z":1.0,"stencil":0}})");
    // D3DRENDERSTATE_LIGHTING = 137 and D3DRENDERSTATE_CULLMODE = 22 (d3dtypes.h), values as recorded.
    CHECK(cmds[2].dump() == R"({"SetRenderState":{"137":0}})");
    CHECK(cmds[3].dump() == R"({"SetRenderState":{"22":1}})");
    // D3DFVF_XYZ | D3DFVF_DIFFUSE = 0x42; 3 vertices of a list = 1 triangle.
    CHECK(cmds[4].dump() == R"({"SetFVF":66})");
    const auto& draw = cmds[5]["DrawPrimitiveUP"];
    CHECK(draw["primitive_count"] == 1);
    CHECK(draw["vertices"].size() == 3);
    CHECK(draw["name"] == "call 13");
    CHECK(c.draws == 1);
}

TEST_CASE("apitrace/d3d7: a surface call on an unknown object names the call") {
    test::StreamWriter w;
    w.header().enterNew(0, "DirectDrawCreateEx", {"lpGUID", "lplpDD"}).end().leave(0).end();
    w.enterNew(1, "IDirectDrawSurface7::Lock", {"this"}).argOpaque(0, 0xbad).end().leave(1).end();
    try {
        const TraceStream s = decompressTrace(test::containerOf(w.s), "t.trace");
        (void)importTrace(parseTrace(s, "t.trace"), "t.trace", {});
        CHECK(false);
    } catch (const InputError& e) {
        // Call 0 carries no lplpDD value: the first error is there.
        CHECK(std::string(e.what()) == "t.trace: call 0 DirectDrawCreateEx: lplpDD holds no object");
    }
    test::StreamWriter v;
    v.header().enterNew(0, "IDirectDrawSurface7::Lock", {"this"}).argOpaque(0, 0xbad).end().leave(0).end();
    v.enterNew(1, "IDirect3DDevice7::Clear", {"this"}).argOpaque(0, 0xbad).end().leave(1).end();
    const TraceStream s = decompressTrace(test::containerOf(v.s), "t.trace");
    CHECK_THROWS_WITH_AS(importTrace(parseTrace(s, "t.trace"), "t.trace", {}),
                         "t.trace: call 0 IDirectDrawSurface7::Lock: this = 0xbad is no object the trace created", InputError);
}
