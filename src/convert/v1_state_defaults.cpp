// SPDX-License-Identifier: MIT
#include "src/convert/v1_state_defaults.h"

#include "formats/d3d/d3d9_device_defaults.h"
#include "formats/d3d/d3d_constants.h"

#include <cctype>
#include <cstdio>
#include <map>

namespace refrast::convert {

namespace {

using nlohmann::json;

// The version 1 keys that are no D3D9 render state: refrast's options and
// Direct3D 7 states (docs/scene-format.md, docs/fixed-function.md §13,
// §16.7, §11), at their documented defaults. Every D3D9 render state takes
// the device's default from formats/d3d/d3d9_device_defaults.h, but one:
// version 1's `lighting` starts false (§16.1: version 1 draws carry final
// vertex colours), where D3D9's device starts TRUE.
const std::map<std::string, json>& refrastRenderStates() {
    static const std::map<std::string, json> table = {
        {"lighting", false},
        {"zbias", 0}, {"scissorrect", json::array({0, 0, 0, 0})}, {"fogsquareddistance", false},
        {"materialrampenable", false}, {"materialramplow", "0xFF000000"}, {"materialramphigh", "0xFFFFFFFF"},
        {"depthfadeenable", false}, {"depthfadenear", 10.0}, {"depthfadefar", 50.0},
        {"missingtexture", "PASSTHROUGHSTAGE"}, {"missingspecular", "ZERORGBALPHAONE"},
        {"vertexfogevaluation", "PERVERTEX"}, {"laststagetemp", "KEEPCURRENT"}, {"premodulate", "MODULATENEXTTEXTURE"},
        {"xyzrhwtablefog", "Z"}, {"negativetablefog", "KEEP"}, {"tablefogw", "CLIPW"}, {"cubelod", "QUOTIENTRULE"}, {"nonpow2", "UNCONDITIONAL"},
        {"lightrange", "CUTOFF"}, {"specularpowerzero", "ONE"}, {"spotfalloff", "POWER"},
    };
    return table;
}

// A D3D9 default as a version 1 scene writes it: enum values by the name
// after their prefix ("CCW"), colours as hex strings.
json asVersion1(const d3d::StateDefault& d) {
    switch (d.kind) {
    case d3d::StateKind::Bool: return d.value != 0.0;
    case d3d::StateKind::Uint: return uint32_t(d.value);
    case d3d::StateKind::Float: return d.value;
    case d3d::StateKind::Color: {
        char hex[11];
        std::snprintf(hex, sizeof hex, "0x%08X", unsigned(d.dword()));
        return std::string(hex);
    }
    case d3d::StateKind::Enum: break;
    }
    return std::string(d3d::suffixOf(d.enumName));
}

std::string upper(const std::string& key) {
    std::string s = key;
    for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

std::optional<json> renderStateDefault(const std::string& key) {
    if (const auto it = refrastRenderStates().find(key); it != refrastRenderStates().end()) return it->second;
    if (const auto d = d3d::d3d9RenderStateDefault("D3DRS_" + upper(key))) return asVersion1(*d);
    return std::nullopt;
}

std::optional<json> stageStateDefault(const std::string& key, int stage) {
    // The texture-coordinate modifiers are refrast's (docs/scene-format.md).
    static const std::map<std::string, json> table = {
        {"tiling", 1.0}, {"scroll", json::array({0.0, 0.0})},
        {"texturetransform", json::array({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1})}, {"page_cell", 0},
    };
    if (const auto it = table.find(key); it != table.end()) return it->second;
    if (const auto d = d3d::d3d9TextureStageStateDefault("D3DTSS_" + upper(key), stage)) {
        if (key == "texcoordindex") return stage;
        return asVersion1(*d);
    }
    return std::nullopt;
}

std::optional<json> samplerStateDefault(const std::string& key) {
    if (const auto d = d3d::d3d9SamplerStateDefault("D3DSAMP_" + upper(key))) return asVersion1(*d);
    return std::nullopt;
}

}  // namespace refrast::convert
