// SPDX-License-Identifier: MIT
#include "src/convert/v1_state_defaults.h"

#include <map>

namespace refrast::convert {

namespace {

using nlohmann::json;

// D3D9's device defaults, as the tables of docs/scene-format.md and
// docs/fixed-function.md §13, §16.7 and §11 list them (values by name: the
// loader maps names to the D3D constants).
const std::map<std::string, json>& renderStates() {
    static const std::map<std::string, json> table = {
        {"cullmode", "CCW"}, {"fillmode", "SOLID"}, {"shademode", "GOURAUD"},
        {"zenable", true}, {"zfunc", "LESSEQUAL"}, {"zwriteenable", true},
        {"depthbias", 0.0}, {"slopescaledepthbias", 0.0}, {"zbias", 0},
        {"stencilenable", false}, {"stencilref", 0}, {"stencilmask", 4294967295u}, {"stencilwritemask", 4294967295u},
        {"stencilfunc", "ALWAYS"}, {"stencilfail", "KEEP"}, {"stencilzfail", "KEEP"}, {"stencilpass", "KEEP"},
        {"twosidedstencilmode", false},
        {"ccw_stencilfunc", "ALWAYS"}, {"ccw_stencilfail", "KEEP"}, {"ccw_stencilzfail", "KEEP"}, {"ccw_stencilpass", "KEEP"},
        {"scissortestenable", false}, {"scissorrect", json::array({0, 0, 0, 0})}, {"colorwriteenable", 15},
        {"texturefactor", "0xFFFFFFFF"}, {"specularenable", false},
        {"fogenable", false}, {"fogcolor", "0x00000000"}, {"fogtablemode", "NONE"}, {"fogvertexmode", "NONE"},
        {"fogstart", 0.0}, {"fogend", 1.0}, {"fogdensity", 1.0}, {"rangefogenable", false}, {"fogsquareddistance", false},
        {"alphatestenable", false}, {"alphafunc", "ALWAYS"}, {"alpharef", 0},
        {"alphablendenable", false}, {"srcblend", "ONE"}, {"destblend", "ZERO"}, {"blendop", "ADD"},
        {"separatealphablendenable", false}, {"srcblendalpha", "ONE"}, {"destblendalpha", "ZERO"}, {"blendopalpha", "ADD"},
        {"blendfactor", "0xFFFFFFFF"},
        {"materialrampenable", false}, {"materialramplow", "0xFF000000"}, {"materialramphigh", "0xFFFFFFFF"},
        {"depthfadeenable", false}, {"depthfadenear", 10.0}, {"depthfadefar", 50.0},
        {"missingtexture", "PASSTHROUGHSTAGE"}, {"missingspecular", "ZERORGBALPHAONE"},
        {"vertexfogevaluation", "PERVERTEX"}, {"laststagetemp", "KEEPCURRENT"}, {"premodulate", "MODULATENEXTTEXTURE"},
        {"xyzrhwtablefog", "Z"}, {"negativetablefog", "KEEP"}, {"tablefogw", "CLIPW"}, {"cubelod", "QUOTIENTRULE"}, {"nonpow2", "UNCONDITIONAL"},
        {"lighting", false}, {"ambient", "0x00000000"}, {"colorvertex", true},
        {"diffusematerialsource", "COLOR1"}, {"specularmaterialsource", "COLOR2"},
        {"ambientmaterialsource", "MATERIAL"}, {"emissivematerialsource", "MATERIAL"},
        {"localviewer", true}, {"normalizenormals", false}, {"clipplaneenable", 0},
        {"lightrange", "CUTOFF"}, {"specularpowerzero", "ONE"}, {"spotfalloff", "POWER"},
        // States with no effect or unsupported, at the defaults state_vocabulary.cpp holds.
        {"lastpixel", true}, {"ditherenable", false}, {"clipping", true}, {"multisampleantialias", true},
        {"multisamplemask", 4294967295u}, {"antialiasedlineenable", false},
        {"pointsize", 1.0}, {"pointsize_min", 1.0}, {"pointsize_max", 64.0}, {"pointspriteenable", false},
        {"pointscaleenable", false}, {"pointscale_a", 1.0}, {"pointscale_b", 0.0}, {"pointscale_c", 0.0},
        {"srgbwriteenable", false}, {"vertexblend", 0}, {"indexedvertexblendenable", false}, {"tweenfactor", 0.0},
    };
    return table;
}

const std::map<std::string, json>& samplerStates() {
    static const std::map<std::string, json> table = {
        {"addressu", "WRAP"}, {"addressv", "WRAP"}, {"addressw", "WRAP"}, {"bordercolor", "0x00000000"},
        {"magfilter", "POINT"}, {"minfilter", "POINT"}, {"mipfilter", "NONE"}, {"mipmaplodbias", 0.0},
        {"maxmiplevel", 0}, {"maxanisotropy", 1}, {"srgbtexture", false}, {"elementindex", 0}, {"dmapoffset", 0},
    };
    return table;
}

}  // namespace

std::optional<json> renderStateDefault(const std::string& key) {
    const auto it = renderStates().find(key);
    if (it == renderStates().end()) return std::nullopt;
    return it->second;
}

std::optional<json> stageStateDefault(const std::string& key, int stage) {
    // Stage 0 modulates the texture by the diffuse colour; the others are off (D3DTSS_COLOROP).
    if (key == "colorop") return stage == 0 ? "MODULATE" : "DISABLE";
    if (key == "alphaop") return stage == 0 ? "SELECTARG1" : "DISABLE";
    if (key == "texcoordindex") return stage;
    static const std::map<std::string, json> table = {
        {"colorarg0", "CURRENT"}, {"colorarg1", "TEXTURE"}, {"colorarg2", "CURRENT"},
        {"alphaarg0", "CURRENT"}, {"alphaarg1", "TEXTURE"}, {"alphaarg2", "CURRENT"}, {"resultarg", "CURRENT"},
        {"bumpenvmat00", 0.0}, {"bumpenvmat01", 0.0}, {"bumpenvmat10", 0.0}, {"bumpenvmat11", 0.0},
        {"bumpenvlscale", 0.0}, {"bumpenvloffset", 0.0}, {"constant", "0xFFFFFFFF"},
        {"texturetransformflags", "DISABLE"},
        {"tiling", 1.0}, {"scroll", json::array({0.0, 0.0})},
        {"texturetransform", json::array({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1})}, {"page_cell", 0},
    };
    const auto it = table.find(key);
    if (it == table.end()) return std::nullopt;
    return it->second;
}

std::optional<json> samplerStateDefault(const std::string& key) {
    const auto it = samplerStates().find(key);
    if (it == samplerStates().end()) return std::nullopt;
    return it->second;
}

}  // namespace refrast::convert
