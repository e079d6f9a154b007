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
#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace refrast::apitrace {

// A command for the capture: its name and argument.
using SceneCommand = std::pair<std::string, nlohmann::ordered_json>;
using SceneCommands = std::vector<SceneCommand>;

// Errors (a struct member missing, a non-finite float, an index scene
// format 2 cannot hold) are std::runtime_error with the reason; the
// interpreters turn them into errors naming the call.
// Light indices: Direct3D 9 (and 7) accept any DWORD index and render at
// most 8 enabled lights at once (D3DCAPS9.MaxActiveLights of the device
// refrast models); scene format 2 has the 8 slots 0..7. While every enabled
// light is below 8, device light i is slot i. Once a light above 7 is
// enabled, the enabled lights are packed into slots 0..k-1 in index order
// (§16.5 of docs/fixed-function.md sums the lights in index order, so the
// sums are the same); each change of the enabled set re-derives the packing
// and emits only the slots whose light or enable flag changed. Enabling a
// ninth light at once is refused.
class DeviceLights {
public:
    // SetLight(index, light).
    SceneCommands setLight(int64_t index, const Value& light);
    // LightEnable(index, enable). An index never set holds the default light.
    SceneCommands lightEnable(int64_t index, bool enable);
    // Resets a light to the default light (what a state block applies for a
    // light it recorded only LightEnable of).
    SceneCommands setDefaultLight(int64_t index);
    SceneCommand setMaterial(const Value& material);
    SceneCommand setClipPlane(int64_t index, const Value& plane);
    // The commands that give a fresh device this model's state.
    void writeState(CaptureBuilder& out) const;
    // Takes the lights, enables, material and clip planes of `saved` (a state
    // block of the whole device): the commands that bring the capture there.
    // Lights `saved` never held stay as they are; a material or clip plane
    // first set after the block was made returns to the device's initial one.
    SceneCommands restore(const DeviceLights& saved);

    // This model with the parts a state block of part of the device holds
    // taken from `saved` (what restore then brings the capture to): the
    // lights `lights` names, or every light `saved` held (`allLights`), the
    // material, the clip planes `planes` names. A light named but not held
    // by `saved` is the default light, disabled; a material or plane named
    // but not held is the device's initial one.
    DeviceLights overlay(const DeviceLights& saved, const std::set<int64_t>& lights, bool allLights, bool material,
                         const std::set<int64_t>& planes) const;

    // The material and clip plane a Direct3D 9 (and 7) device starts with.
    static nlohmann::ordered_json initialMaterial();
    static nlohmann::ordered_json initialClipPlane();

private:
    // What the capture's slots hold after the commands written so far: the
    // SetLight fields (without "index"; empty: the default light) and the enable flag.
    struct Slot {
        nlohmann::ordered_json light = nlohmann::ordered_json::object();
        bool enabled = false;
    };
    nlohmann::ordered_json fieldsOf(int64_t index) const;
    SceneCommands resync();
    SceneCommands restoreHeld(const DeviceLights& saved);
    bool packed() const;

    std::map<int64_t, nlohmann::ordered_json> lights_;  // SetLight fields (without "index") by device index
    std::map<int64_t, bool> enabled_;
    std::array<Slot, 8> slots_;
    std::optional<nlohmann::ordered_json> material_;
    std::map<int64_t, nlohmann::ordered_json> clipPlanes_;
};

}  // namespace refrast::apitrace
