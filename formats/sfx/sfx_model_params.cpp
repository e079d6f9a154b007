// SPDX-License-Identifier: MIT
// "name=value" overrides of the model parameters (docs/sfx.md "Parameters").
#include "formats/sfx/sfx_model_params.h"

#include "refrast/error.h"

#include <charconv>
#include <cstdio>

namespace refrast::sfx {

namespace {

[[noreturn]] void bad(const std::string& name, const std::string& value, const std::string& expected) {
    throw UsageError("--param " + name + ": expected " + expected + ", got '" + value + "'");
}

float parseFloatIn(const std::string& name, const std::string& v, float lo, float hi) {
    float f = 0.0f;
    const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), f);
    if (v.empty() || ec != std::errc() || ptr != v.data() + v.size() || !(f >= lo && f <= hi)) {
        char range[64];
        std::snprintf(range, sizeof range, "a number in [%g, %g]", double(lo), double(hi));
        bad(name, v, range);
    }
    return f;
}

int parseIntIn(const std::string& name, const std::string& v, int lo, int hi) {
    int i = 0;
    const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), i);
    if (v.empty() || ec != std::errc() || ptr != v.data() + v.size() || i < lo || i > hi)
        bad(name, v, "an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return i;
}

bool parseBool(const std::string& name, const std::string& v) {
    if (v == "true") return true;
    if (v == "false") return false;
    bad(name, v, "true or false");
}

struct FloatParam {
    const char* name;
    float SfxModelParams::*field;
    float lo, hi;
};

// Ranges keep the model meaningful: the polynomial sin/cos need |angle| ≤ 0.5.
constexpr FloatParam kFloatParams[] = {
    {"heatKillThreshold", &SfxModelParams::heatKillThreshold, 0.0f, 1.0f},
    {"lifetimeSeconds", &SfxModelParams::lifetimeSeconds, 0.0f, 3600.0f},
    {"coneUpBiasScale", &SfxModelParams::coneUpBiasScale, 0.0f, 10.0f},
    {"sizeScale", &SfxModelParams::sizeScale, 0.0f, 10.0f},
    {"burstScatter", &SfxModelParams::burstScatter, 0.0f, 10.0f},
    {"occlusionCold", &SfxModelParams::occlusionCold, 0.0f, 1.0f},
    {"occlusionHot", &SfxModelParams::occlusionHot, 0.0f, 1.0f},
    {"burstRotationMaxAngle", &SfxModelParams::burstRotationMaxAngle, 0.0f, 0.5f},
};

bool setEnumOrBool(SfxModelParams& m, const std::string& name, const std::string& v) {
    if (name == "heatKillReads") {
        if (v != "new" && v != "old") bad(name, v, "new or old");
        m.heatKillReads = v == "new" ? HeatKillReads::NewHeat : HeatKillReads::OldHeat;
    } else if (name == "updateOrder") {
        if (v != "heat-colour-alpha-position" && v != "colour-before-heat")
            bad(name, v, "heat-colour-alpha-position or colour-before-heat");
        m.updateOrder = v == "colour-before-heat" ? UpdateOrder::ColourBeforeHeat : UpdateOrder::HeatColourAlphaPosition;
    } else if (name == "alphaKill") {
        m.alphaKill = parseBool(name, v);
    } else if (name == "clampForDrawing") {
        m.clampForDrawing = parseBool(name, v);
    } else if (name == "repeatIntervalFrames") {
        m.repeatIntervalFrames = parseIntIn(name, v, 1, 1000);
    } else {
        return false;
    }
    return true;
}

}  // namespace

void setSfxModelParam(SfxModelParams& m, const std::string& assignment) {
    const size_t eq = assignment.find('=');
    if (eq == std::string::npos) throw UsageError("--param: expected NAME=VALUE, got '" + assignment + "'");
    const std::string name = assignment.substr(0, eq);
    const std::string value = assignment.substr(eq + 1);
    if (setEnumOrBool(m, name, value)) return;
    for (const FloatParam& p : kFloatParams) {
        if (name != p.name) continue;
        m.*(p.field) = parseFloatIn(name, value, p.lo, p.hi);
        return;
    }
    throw UsageError("--param: unknown parameter '" + name + "' (docs/sfx.md \"Parameters\")");
}

}  // namespace refrast::sfx
