// SPDX-License-Identifier: MIT
// The lights, material and user clip planes of a traced device, shared by
// the D3D9 and D3D7 interpreters: the D3DLIGHT9 / D3DLIGHT7 and
// D3DMATERIAL9 / D3DMATERIAL7 structs apitrace records become scene format
// 2's SetLight / SetMaterial fields (D3DLIGHT9's field names in lower case,
// formats/scene/vertex_processing_json.h), SetClipPlane's four floats its
// plane. D3DLIGHT7 is D3DLIGHT9 with dlt/dcv/dv prefixes on the same fields,
// and D3D9 kept D3D7's light-type numbers. The model remembers what the
// device holds so a capture's prologue can write it (docs/apitrace.md).
#pragma once

#include "formats/apitrace/capture_builder.h"
#include "formats/apitrace/trace_model.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace refrast::apitrace {

// A command for the capture: its name and argument.
using SceneCommand = std::pair<std::string, nlohmann::ordered_json>;

// Errors (a struct member missing, a non-finite float, an index scene
// format 2 cannot hold) are std::runtime_error with the reason; the
// interpreters turn them into errors naming the call.
class DeviceLights {
public:
    // SetLight(index, light). Lights 0..7 are scene format 2's; a light
    // beyond them is remembered and only refused when it is enabled.
    std::optional<SceneCommand> setLight(int64_t index, const Value& light);
    // LightEnable(index, enable). An index never set holds the default light.
    std::optional<SceneCommand> lightEnable(int64_t index, bool enable);
    // Resets a light to the default light (what a state block applies for a
    // light it recorded only LightEnable of).
    std::optional<SceneCommand> setDefaultLight(int64_t index);
    SceneCommand setMaterial(const Value& material);
    SceneCommand setClipPlane(int64_t index, const Value& plane);
    // The commands that give a fresh device this model's state.
    void writeState(CaptureBuilder& out) const;

private:
    std::map<int64_t, nlohmann::ordered_json> lights_;  // SetLight arguments by index
    std::map<int64_t, bool> enabled_;
    std::optional<nlohmann::ordered_json> material_;
    std::map<int64_t, nlohmann::ordered_json> clipPlanes_;
};

}  // namespace refrast::apitrace
