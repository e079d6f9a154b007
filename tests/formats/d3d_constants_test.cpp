// SPDX-License-Identifier: MIT
// The generated table against numbers read off the MinGW-w64 headers by hand.
#include "formats/d3d/d3d_constants.h"

#include <doctest/doctest.h>

using namespace refrast;

TEST_CASE("d3d constants: values from d3d9types.h and d3dtypes.h") {
    CHECK(d3d::valueOf("D3DRENDERSTATETYPE", "D3DRS_ZFUNC") == 23);           // d3d9types.h: D3DRS_ZFUNC = 23
    CHECK(d3d::valueOf("D3DRENDERSTATETYPE", "D3DRS_DEPTHBIAS") == 195);      // D3DRS_DEPTHBIAS = 195
    CHECK(d3d::valueOf("D3DCMPFUNC", "D3DCMP_LESSEQUAL") == 4);
    CHECK(d3d::valueOf("D3DSAMPLERSTATETYPE", "D3DSAMP_MINFILTER") == 6);
    CHECK(d3d::valueOf("D3DFORMAT", "D3DFMT_D24S8") == 75);
    // MAKEFOURCC('D', 'X', 'T', '1') = 0x31545844
    CHECK(d3d::valueOf("D3DFORMAT", "D3DFMT_DXT1") == 0x31545844);
    CHECK(d3d::valueOf("D3DFVF", "D3DFVF_XYZRHW") == 4);
    CHECK(d3d::valueOf("D3DTS", "D3DTS_WORLD") == 256);                       // D3DTS_WORLDMATRIX(0)
    CHECK(d3d::valueOf("D3D7:D3DRENDERSTATETYPE", "D3DRENDERSTATE_ZBIAS") == 47);
    CHECK(!d3d::valueOf("D3DCMPFUNC", "D3DCMP_FORCE_DWORD"));                  // padding values are left out
}

TEST_CASE("d3d constants: lookups by value and by suffix") {
    REQUIRE(d3d::byValue("D3DCMPFUNC", 4));
    CHECK(d3d::byValue("D3DCMPFUNC", 4)->name == "D3DCMP_LESSEQUAL");
    CHECK(d3d::byValue("D3DCMPFUNC", 9) == nullptr);
    REQUIRE(d3d::bySuffix("D3DBLEND", "INVSRCALPHA"));
    CHECK(d3d::bySuffix("D3DBLEND", "INVSRCALPHA")->value == 6);
    CHECK(d3d::suffixOf("D3DRS_CCW_STENCILFUNC") == "CCW_STENCILFUNC");
}
