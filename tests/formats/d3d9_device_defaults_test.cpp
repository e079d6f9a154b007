// SPDX-License-Identifier: MIT
// The D3D9 initial device state (formats/d3d/d3d9_device_defaults.h): every
// state of d3d9types.h has an entry, the enum values resolve in the
// generated table, and the version 1 converter reads its D3D9 keys from it.
#include "formats/d3d/d3d9_device_defaults.h"
#include "formats/d3d/d3d_constants.h"
#include "src/convert/v1_state_defaults.h"

#include <doctest/doctest.h>

using namespace refrast;

TEST_CASE("d3d9 device defaults: every render, stage and sampler state of d3d9types.h has its initial value") {
    size_t render = 0, stage = 0, sampler = 0;
    for (const d3d::Constant& c : d3d::constants()) {
        CAPTURE(c.name);
        if (c.group == "D3DRENDERSTATETYPE") {
            CHECK(d3d::d3d9RenderStateDefault(c.name));
            ++render;
        } else if (c.group == "D3DTEXTURESTAGESTATETYPE") {
            for (int s = 0; s < 8; ++s) CHECK(d3d::d3d9TextureStageStateDefault(c.name, s));
            ++stage;
        } else if (c.group == "D3DSAMPLERSTATETYPE") {
            CHECK(d3d::d3d9SamplerStateDefault(c.name));
            ++sampler;
        }
    }
    // d3d9types.h: 103 render states (D3DRS_ZENABLE 7 .. D3DRS_BLENDOPALPHA 209
    // with gaps), 18 texture stage states, 13 sampler states.
    CHECK(render == 103);
    CHECK(stage == 18);
    CHECK(sampler == 13);
    CHECK_FALSE(d3d::d3d9RenderStateDefault("D3DRS_ZBIAS"));  // Direct3D 7's, no D3D9 state
    CHECK_FALSE(d3d::d3d9SamplerStateDefault("D3DTSS_COLOROP"));
}

TEST_CASE("d3d9 device defaults: values, by the generated table's numbers") {
    const auto cull = d3d::d3d9RenderStateDefault("D3DRS_CULLMODE");
    REQUIRE(cull);
    CHECK(cull->kind == d3d::StateKind::Enum);
    CHECK(cull->dword() == 3);  // D3DCULL_CCW
    CHECK(d3d::d3d9RenderStateDefault("D3DRS_ZFUNC")->dword() == 4);          // D3DCMP_LESSEQUAL
    CHECK(d3d::d3d9RenderStateDefault("D3DRS_LIGHTING")->dword() == 1);       // TRUE
    CHECK(d3d::d3d9RenderStateDefault("D3DRS_TEXTUREFACTOR")->dword() == 0xFFFFFFFFu);
    CHECK(d3d::d3d9RenderStateDefault("D3DRS_POSITIONDEGREE")->dword() == 3);  // D3DDEGREE_CUBIC
    // Float states hold their bits: 1.0f = 0x3F800000, 64.0f = 0x42800000.
    CHECK(d3d::d3d9RenderStateDefault("D3DRS_FOGEND")->dword() == 0x3F800000u);
    CHECK(d3d::d3d9RenderStateDefault("D3DRS_POINTSIZE_MAX")->dword() == 0x42800000u);
    // Stage 0 modulates (D3DTOP_MODULATE 4) and selects the texture alpha
    // (D3DTOP_SELECTARG1 2); the others are off (D3DTOP_DISABLE 1); stage i reads set i.
    CHECK(d3d::d3d9TextureStageStateDefault("D3DTSS_COLOROP", 0)->dword() == 4);
    CHECK(d3d::d3d9TextureStageStateDefault("D3DTSS_ALPHAOP", 0)->dword() == 2);
    CHECK(d3d::d3d9TextureStageStateDefault("D3DTSS_COLOROP", 5)->dword() == 1);
    CHECK(d3d::d3d9TextureStageStateDefault("D3DTSS_ALPHAOP", 7)->dword() == 1);
    CHECK(d3d::d3d9TextureStageStateDefault("D3DTSS_TEXCOORDINDEX", 3)->dword() == 3);
    CHECK(d3d::d3d9TextureStageStateDefault("D3DTSS_COLORARG1", 3)->dword() == 2);  // D3DTA_TEXTURE
    CHECK(d3d::d3d9SamplerStateDefault("D3DSAMP_ADDRESSU")->dword() == 1);          // D3DTADDRESS_WRAP
    CHECK(d3d::d3d9SamplerStateDefault("D3DSAMP_MIPFILTER")->dword() == 0);         // D3DTEXF_NONE
    CHECK(d3d::d3d9SamplerStateDefault("D3DSAMP_MAXANISOTROPY")->dword() == 1);
}

TEST_CASE("d3d9 device defaults: the version 1 converter writes them as a version 1 scene does") {
    using nlohmann::json;
    CHECK(convert::renderStateDefault("cullmode") == json("CCW"));
    CHECK(convert::renderStateDefault("zenable") == json(true));
    CHECK(convert::renderStateDefault("fogend") == json(1.0));
    CHECK(convert::renderStateDefault("texturefactor") == json("0xFFFFFFFF"));
    CHECK(convert::renderStateDefault("stencilmask") == json(4294967295u));
    CHECK(convert::renderStateDefault("vertexblend") == json("DISABLE"));
    // Version 1's own: lighting starts false (D3D9's device: TRUE), and refrast's options.
    CHECK(convert::renderStateDefault("lighting") == json(false));
    CHECK(convert::renderStateDefault("missingtexture") == json("PASSTHROUGHSTAGE"));
    CHECK_FALSE(convert::renderStateDefault("nosuchstate"));
    CHECK(convert::stageStateDefault("colorop", 0) == json("MODULATE"));
    CHECK(convert::stageStateDefault("alphaop", 1) == json("DISABLE"));
    CHECK(convert::stageStateDefault("texcoordindex", 6) == json(6));
    CHECK(convert::stageStateDefault("constant", 0) == json("0xFFFFFFFF"));
    CHECK(convert::stageStateDefault("tiling", 0) == json(1.0));
    CHECK(convert::samplerStateDefault("bordercolor") == json("0x00000000"));
    CHECK(convert::samplerStateDefault("magfilter") == json("POINT"));
}
