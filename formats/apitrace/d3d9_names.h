// SPDX-License-Identifier: MIT
// Which states hold a float: apitrace records every state value as the DWORD
// the program passed, so a float state arrives as its raw bits
// (D3DRS_FOGSTART = 1077936128 is 3.0f) and must be reinterpreted. The list
// is d3d9types.h's float states (its comments name them; MSDN "D3DRENDERSTATETYPE",
// "D3DTEXTURESTAGESTATETYPE", "D3DSAMPLERSTATETYPE") and D3D7's fog floats.
#pragma once

#include <string>

namespace refrast::apitrace {

inline bool isFloatState(const std::string& name) {
    static const char* const floats[] = {
        "D3DRS_FOGSTART", "D3DRS_FOGEND", "D3DRS_FOGDENSITY", "D3DRS_POINTSIZE", "D3DRS_POINTSIZE_MIN",
        "D3DRS_POINTSCALE_A", "D3DRS_POINTSCALE_B", "D3DRS_POINTSCALE_C", "D3DRS_POINTSIZE_MAX",
        "D3DRS_TWEENFACTOR", "D3DRS_DEPTHBIAS", "D3DRS_SLOPESCALEDEPTHBIAS", "D3DRS_MINTESSELLATIONLEVEL",
        "D3DRS_MAXTESSELLATIONLEVEL", "D3DRS_ADAPTIVETESS_X", "D3DRS_ADAPTIVETESS_Y", "D3DRS_ADAPTIVETESS_Z",
        "D3DRS_ADAPTIVETESS_W", "D3DTSS_BUMPENVMAT00", "D3DTSS_BUMPENVMAT01", "D3DTSS_BUMPENVMAT10",
        "D3DTSS_BUMPENVMAT11", "D3DTSS_BUMPENVLSCALE", "D3DTSS_BUMPENVLOFFSET", "D3DSAMP_MIPMAPLODBIAS",
        "D3DRENDERSTATE_FOGSTART", "D3DRENDERSTATE_FOGEND", "D3DRENDERSTATE_FOGDENSITY",
        "D3DRENDERSTATE_FOGTABLESTART", "D3DRENDERSTATE_FOGTABLEEND", "D3DRENDERSTATE_FOGTABLEDENSITY",
        "D3DRENDERSTATE_FOGVERTEXSTART", "D3DRENDERSTATE_FOGVERTEXEND"};
    for (const char* f : floats)
        if (name == f) return true;
    return false;
}

}  // namespace refrast::apitrace
