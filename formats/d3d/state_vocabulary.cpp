// SPDX-License-Identifier: MIT
#include "formats/d3d/state_vocabulary.h"

#include "formats/d3d/d3d_constants.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <span>

namespace refrast::d3d {

const json::StateVocabulary kRenderStates{"D3DRENDERSTATETYPE", "D3D7:D3DRENDERSTATETYPE"};
const json::StateVocabulary kTextureStageStates{"D3DTEXTURESTAGESTATETYPE", "D3D7:D3DTEXTURESTAGESTATETYPE"};
const json::StateVocabulary kSamplerStates{"D3DSAMPLERSTATETYPE", nullptr};

namespace {

// A state no reader takes. `defaultValue` is D3D9's default as the DWORD the
// device holds (for float states, the float); `enumGroup` lets an enum value be
// written by name.
struct UnreadState {
    const char* key;
    StateStatus status;
    double defaultValue;
    bool isFloat;
    const char* enumGroup;
    const char* reason;
};

constexpr StateStatus kNoEffect = StateStatus::NoEffect, kUnsupported = StateStatus::Unsupported;

// Reasons for the documentation (docs/fixed-function.md §15.5).
constexpr const char* kLines = "affects line primitives only; refrast draws triangles (lines and points of FILLMODE only)";
constexpr const char* kPoints = "affects point primitives only; refrast draws triangles";
constexpr const char* kPatches = "N-patches and adaptive tessellation: refrast draws no patches";
constexpr const char* kMrt = "render targets 1-3: multiple render targets are unsupported";
constexpr const char* kSingleSample = "refrast's surfaces have one sample per pixel";

const UnreadState kRenderStateTable[] = {
    {"lastpixel", kNoEffect, 1, false, nullptr, kLines},
    {"ditherenable", kNoEffect, 0, false, nullptr,
     "refrast never dithers; D3D9 drivers do not dither 8-bit-per-channel targets (a 16-bit target may differ)"},
    {"clipping", kNoEffect, 1, false, nullptr,
     "refrast always clips exactly; FALSE only promises the geometry needs no clipping"},
    {"multisampleantialias", kNoEffect, 1, false, nullptr, kSingleSample},
    {"multisamplemask", kNoEffect, 4294967295.0, false, nullptr, kSingleSample},
    {"debugmonitortoken", kNoEffect, 0, false, nullptr, "a debugging aid of the debug runtime"},
    {"patchedgestyle", kNoEffect, 0, false, nullptr, kPatches},
    {"positiondegree", kNoEffect, 3, false, nullptr, kPatches},
    {"normaldegree", kNoEffect, 1, false, nullptr, kPatches},
    {"mintessellationlevel", kNoEffect, 1, true, nullptr, kPatches},
    {"maxtessellationlevel", kNoEffect, 1, true, nullptr, kPatches},
    {"adaptivetess_x", kNoEffect, 0, true, nullptr, kPatches},
    {"adaptivetess_y", kNoEffect, 0, true, nullptr, kPatches},
    {"adaptivetess_z", kNoEffect, 1, true, nullptr, kPatches},
    {"adaptivetess_w", kNoEffect, 0, true, nullptr, kPatches},
    {"enableadaptivetessellation", kNoEffect, 0, false, nullptr, kPatches},
    {"antialiasedlineenable", kNoEffect, 0, false, nullptr, kLines},
    {"colorwriteenable1", kNoEffect, 15, false, nullptr, kMrt},
    {"colorwriteenable2", kNoEffect, 15, false, nullptr, kMrt},
    {"colorwriteenable3", kNoEffect, 15, false, nullptr, kMrt},
    {"pointsize", kNoEffect, 1, true, nullptr, kPoints},
    {"pointsize_min", kNoEffect, 1, true, nullptr, kPoints},
    {"pointsize_max", kNoEffect, 64, true, nullptr, kPoints},
    {"pointspriteenable", kNoEffect, 0, false, nullptr, kPoints},
    {"pointscaleenable", kNoEffect, 0, false, nullptr, kPoints},
    {"pointscale_a", kNoEffect, 1, true, nullptr, kPoints},
    {"pointscale_b", kNoEffect, 0, true, nullptr, kPoints},
    {"pointscale_c", kNoEffect, 0, true, nullptr, kPoints},
    // Unsupported: accepted at refrast's model value only.
    {"srgbwriteenable", kUnsupported, 0, false, nullptr, "sRGB conversion on write is not implemented"},
    {"tweenfactor", kUnsupported, 0, true, nullptr, "vertex tweening is not implemented"},
    {"wrap0", kUnsupported, 0, false, nullptr, "cylindrical texture wrapping is not implemented"},
    // Direct3D 7 render states without a D3D9 twin.
    {"antialias", kUnsupported, 0, false, "D3D7:D3DANTIALIASMODE", "edge antialiasing is not implemented"},
    {"textureperspective", kUnsupported, 1, false, nullptr, "affine (non-perspective) texturing is not implemented"},
    {"colorkeyenable", kUnsupported, 0, false, nullptr, "DirectDraw colour keying is not implemented"},
    {"colorkeyblendenable", kUnsupported, 0, false, nullptr, "DirectDraw colour keying is not implemented"},
    {"edgeantialias", kUnsupported, 0, false, nullptr, "edge antialiasing is not implemented"},
    {"stippledalpha", kUnsupported, 0, false, nullptr, "stippled alpha is not implemented"},
    {"zvisible", kNoEffect, 0, false, nullptr, "not implemented by any D3D7 driver (DirectX 7 documentation)"},
    {"extents", kNoEffect, 0, false, nullptr, "extents tracking reports bounds and changes no pixel"},
};

const UnreadState kTextureStageStateTable[] = {
    // Direct3D 7 put addressing and filtering in the stage; version 2 files say them with SetSamplerState.
    {"addressu", kUnsupported, 1, false, nullptr, "a Direct3D 7 stage state: write it as a D3D9 sampler state"},
};

const UnreadState kSamplerStateTable[] = {
    {"addressw", kNoEffect, 1, false, "D3DTEXTUREADDRESS", "the third axis of volume textures, which refrast does not sample"},
    {"maxanisotropy", kNoEffect, 1, false, nullptr,
     "used only by ANISOTROPIC filtering, which refrast rejects (the filter itself is unsupported)"},
    {"elementindex", kNoEffect, 0, false, nullptr, "multi-element textures only"},
    {"dmapoffset", kNoEffect, 0, false, nullptr, "displacement maps only"},
    {"srgbtexture", kUnsupported, 0, false, nullptr, "sRGB decoding of texels is not implemented"},
};

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool isNumber(const std::string& s) {
    return !s.empty() && s.size() < 12 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The constant of the vocabulary's groups that `member` names, D3D9 first.
const Constant* stateConstant(const json::StateVocabulary& v, const std::string& member) {
    for (const char* group : {v.group, v.d3d7Group}) {
        if (!group) continue;
        if (isNumber(member)) {
            if (const Constant* c = byValue(group, std::stoll(member))) return c;
            continue;
        }
        for (const Constant& c : constants())
            if (c.group == group && (c.name == member || lower(suffixOf(c.name)) == member)) return &c;
    }
    return nullptr;
}

std::span<const UnreadState> tableOf(const json::StateVocabulary& v) {
    if (&v == &kRenderStates) return kRenderStateTable;
    if (&v == &kTextureStageStates) return kTextureStageStateTable;
    return kSamplerStateTable;
}

const UnreadState* findUnread(const json::StateVocabulary& v, const std::string& key) {
    // WRAP0..WRAP15 share one entry.
    const std::string k = key.rfind("wrap", 0) == 0 && key.size() > 4 && isNumber(key.substr(4)) ? "wrap0" : key;
    for (const UnreadState& s : tableOf(v))
        if (k == s.key) return &s;
    return nullptr;
}

// The value as the device's DWORD (or float), or nothing if it cannot be one.
std::optional<double> deviceValue(const json::Node& n, const UnreadState* s) {
    const nlohmann::json& raw = n.raw();
    if (raw.is_boolean()) return raw.get<bool>() ? 1.0 : 0.0;
    if (raw.is_number()) return raw.get<double>();
    if (!raw.is_string()) return std::nullopt;
    const std::string str = raw.get<std::string>();
    if (str == "TRUE" || str == "FALSE") return str == "TRUE" ? 1.0 : 0.0;
    if (str.size() == 10 && str.rfind("0x", 0) == 0) return double(std::stoul(str.substr(2), nullptr, 16));
    if (s && s->enumGroup) {
        if (auto v = valueOf(s->enumGroup, str)) return double(*v);
        if (const Constant* c = bySuffix(s->enumGroup, str)) return double(c->value);
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> canonicalStateKey(const json::StateVocabulary& v, const std::string& member) {
    const Constant* c = stateConstant(v, member);
    if (!c) return std::nullopt;
    return lower(suffixOf(c->name));
}

StateStatus unreadStateStatus(const json::StateVocabulary& v, const std::string& key) {
    const UnreadState* s = findUnread(v, key);
    return s ? s->status : StateStatus::Implemented;
}

bool checkUnreadState(const json::StateVocabulary& v, const std::string& key, const json::Node& value) {
    const Constant* c = stateConstant(v, key);
    if (!c) return false;
    const UnreadState* s = findUnread(v, key);
    if (s && s->status == StateStatus::NoEffect) return true;
    const std::optional<double> given = deviceValue(value, s);
    if (s && given) {
        const bool same = s->isFloat ? float(*given) == float(s->defaultValue) : *given == s->defaultValue;
        if (same) return true;
    }
    const std::string shown = value.raw().is_string() ? value.raw().get<std::string>() : value.raw().dump();
    value.fail("unsupported state \"" + std::string(c->name) + "\" = " + shown + " (changes pixels; not implemented" +
               (s ? std::string(": ") + s->reason : std::string()) + ")");
}

}  // namespace refrast::d3d
