// SPDX-License-Identifier: MIT
// Spec: D3DLIGHT9, D3DMATERIAL9 (d3d9types.h), D3DLIGHT7, D3DMATERIAL7
// (d3dtypes.h), IDirect3DDevice9::SetClipPlane; apitrace records each struct
// member by its header name.
#include "formats/apitrace/device_lights.h"

#include "formats/d3d/d3d_constants.h"

#include <array>
#include <cmath>
#include <initializer_list>
#include <stdexcept>

namespace refrast::apitrace {

namespace {

using json = nlohmann::ordered_json;

constexpr int64_t kSceneLights = 8;      // scene format 2's lights 0..7 (the 8 active lights it renders)
constexpr int64_t kSceneClipPlanes = 6;  // D3DCAPS9.MaxUserClipPlanes of the device refrast models

// The member `name` of a D3D9 struct or its D3D7 spelling: D3DLIGHT7 prefixes
// D3DLIGHT9's fields (dltType, dcvDiffuse, dvRange), D3DMATERIAL7 has both
// lower-case and prefixed names in unions.
const Value& member(const Value& s, const std::string& name, std::initializer_list<const char*> d3d7Names) {
    if (const Value* v = s.member(name)) return *v;
    for (const char* n : d3d7Names)
        if (const Value* v = s.member(n)) return *v;
    throw std::runtime_error("the struct lacks the member " + name);
}

double finite(const Value& v, const std::string& what) {
    double x;
    if (v.type == Value::Type::Float) x = double(v.f);
    else if (v.type == Value::Type::Double) x = v.d;
    else if (auto i = v.integer()) x = double(*i);
    else throw std::runtime_error(what + " is not a number");
    if (!std::isfinite(x)) throw std::runtime_error(what + " is not finite");
    // Floats stay the float the program wrote (a double holds it exactly).
    return double(float(x));
}

json colorValue(const Value& c, const std::string& what) {
    json out = json::array();
    for (const char* k : {"r", "g", "b", "a"}) {
        const std::string d3d7 = std::string("dv") + char(k[0] - 'a' + 'A');
        out.push_back(finite(member(c, k, {d3d7.c_str()}), what + "." + k));
    }
    return out;
}

json vector3(const Value& v, const std::string& what) {
    json out = json::array();
    for (const char* k : {"x", "y", "z"}) {
        const std::string d3d7 = std::string("dv") + char(k[0] - 'a' + 'A');
        out.push_back(finite(member(v, k, {d3d7.c_str()}), what + "." + k));
    }
    return out;
}

// D3DLIGHTTYPE: D3DLIGHT_POINT, _SPOT, _DIRECTIONAL in both APIs (D3D7's
// PARALLELPOINT and GLSPOT were never rendered by Direct3D 7 devices).
std::string lightType(const Value& v) {
    std::string name;
    if (v.type == Value::Type::Enum && v.enumSig)
        if (const std::string* n = v.enumSig->nameOf(v.sint)) name = *n;
    if (name.empty())
        if (auto i = v.integer())
            if (const d3d::Constant* c = d3d::byValue("D3DLIGHTTYPE", *i)) name = std::string(c->name);
    for (const char* t : {"POINT", "SPOT", "DIRECTIONAL"})
        if (name == std::string("D3DLIGHT_") + t) return t;
    throw std::runtime_error("light type " + (name.empty() ? std::string("(not a D3DLIGHTTYPE)") : name) +
                             " is not one refrast renders (POINT, SPOT, DIRECTIONAL)");
}

std::string capitalised(const char* k) {
    std::string s = k;
    s[0] = char(s[0] - 'a' + 'A');
    return s;
}

void checkLightIndex(int64_t index) {
    if (index < 0 || index > 0xFFFFFFFFll) throw std::runtime_error("light index " + std::to_string(index) + " is not a DWORD");
}

}  // namespace

json DeviceLights::fieldsOf(int64_t index) const {
    auto it = lights_.find(index);
    return it == lights_.end() ? json::object() : it->second;
}

bool DeviceLights::packed() const {
    for (const auto& [index, on] : enabled_)
        if (on && index >= kSceneLights) return true;
    return false;
}

// The slots the enabled set calls for, against what the capture holds: a
// SetLight where a slot's light changes, a LightEnable where its flag does.
SceneCommands DeviceLights::resync() {
    std::array<std::optional<int64_t>, kSceneLights> want;  // the device light each slot shows
    if (packed()) {
        size_t k = 0;
        for (const auto& [index, on] : enabled_)
            if (on) want[k++] = index;
    } else {
        for (int64_t s = 0; s < kSceneLights; ++s)
            if (enabled_.count(s) || lights_.count(s)) want[size_t(s)] = s;
    }
    SceneCommands out;
    for (size_t s = 0; s < slots_.size(); ++s) {
        Slot& slot = slots_[s];
        const bool on = want[s] && enabled_.count(*want[s]) && enabled_.at(*want[s]);
        if (want[s]) {
            json fields = fieldsOf(*want[s]);
            if (fields != slot.light) {
                json j = {{"index", s}};
                for (const auto& [k, v] : fields.items()) j[k] = v;
                out.push_back({"SetLight", j});
                slot.light = std::move(fields);
            }
        }
        if (on != slot.enabled) {
            out.push_back({"LightEnable", json{{"index", s}, {"enable", on}}});
            slot.enabled = on;
        }
    }
    return out;
}

SceneCommands DeviceLights::setLight(int64_t index, const Value& light) {
    checkLightIndex(index);
    json j = {{"type", lightType(member(light, "Type", {"dltType"}))}};
    for (const char* k : {"diffuse", "specular", "ambient"})
        j[k] = colorValue(member(light, capitalised(k), {("dcv" + capitalised(k)).c_str()}), capitalised(k));
    for (const char* k : {"position", "direction"})
        j[k] = vector3(member(light, capitalised(k), {("dv" + capitalised(k)).c_str()}), capitalised(k));
    for (const char* k : {"range", "falloff", "attenuation0", "attenuation1", "attenuation2", "theta", "phi"})
        j[k] = finite(member(light, capitalised(k), {("dv" + capitalised(k)).c_str()}), capitalised(k));
    lights_[index] = j;
    if (!packed() && index < kSceneLights) {
        // Slot `index` shows this light whether or not it is enabled.
        slots_[size_t(index)].light = j;
        json c = {{"index", index}};
        for (const auto& [k, v] : j.items()) c[k] = v;
        return {{"SetLight", c}};
    }
    return resync();
}

SceneCommands DeviceLights::lightEnable(int64_t index, bool enable) {
    checkLightIndex(index);
    if (enable && !(enabled_.count(index) && enabled_.at(index))) {
        size_t on = 0;
        for (const auto& [i, e] : enabled_) on += e;
        if (on >= size_t(kSceneLights))
            throw std::runtime_error("enables light " + std::to_string(index) + " while 8 lights are enabled: Direct3D 9 "
                                     "renders at most 8 at once (MaxActiveLights of the device refrast models)");
    }
    const bool wasPacked = packed();
    if (!enable && index >= kSceneLights) enabled_.erase(index);
    else enabled_[index] = enable;
    if (wasPacked || packed() || index >= kSceneLights) return resync();
    // Slot `index` is light `index`: its LightEnable as the program wrote it.
    SceneCommands out;
    Slot& slot = slots_[size_t(index)];
    if (json fields = fieldsOf(index); fields != slot.light) {  // the slot showed a packed light before
        json j = {{"index", index}};
        for (const auto& [k, v] : fields.items()) j[k] = v;
        out.push_back({"SetLight", j});
        slot.light = std::move(fields);
    }
    out.push_back({"LightEnable", json{{"index", index}, {"enable", enable}}});
    slot.enabled = enable;
    return out;
}

SceneCommands DeviceLights::setDefaultLight(int64_t index) {
    checkLightIndex(index);
    lights_.erase(index);
    if (!packed() && index < kSceneLights) {
        slots_[size_t(index)].light = json::object();
        return {{"SetLight", json{{"index", index}}}};  // fields not given: the default light
    }
    return resync();
}

SceneCommand DeviceLights::setMaterial(const Value& m) {
    json j = json::object();
    for (const char* k : {"diffuse", "ambient", "specular", "emissive"})
        j[k] = colorValue(member(m, capitalised(k), {k, ("dcv" + capitalised(k)).c_str()}), capitalised(k));
    j["power"] = finite(member(m, "Power", {"power", "dvPower"}), "Power");
    material_ = j;
    return {"SetMaterial", j};
}

SceneCommand DeviceLights::setClipPlane(int64_t index, const Value& plane) {
    if (index < 0 || index >= kSceneClipPlanes)
        throw std::runtime_error("clip plane " + std::to_string(index) + " outside the device's 0..5");
    if (plane.type != Value::Type::Array || plane.items.size() != 4)
        throw std::runtime_error("the plane is not recorded as four floats");
    json p = json::array();
    for (const Value& x : plane.items) p.push_back(finite(x, "a plane coefficient"));
    clipPlanes_[index] = p;
    return {"SetClipPlane", json{{"index", index}, {"plane", p}}};
}

// What a device starts with: a material of zeros (wined3d stateblock.c
// starts the device state zero-filled and sets no material; scene format 2's
// SetMaterial fields default to 0 alike) and planes of zeros.
json DeviceLights::initialMaterial() {
    const json zero = json::array({0.0, 0.0, 0.0, 0.0});
    return json{{"diffuse", zero}, {"ambient", zero}, {"specular", zero}, {"emissive", zero}, {"power", 0.0}};
}

json DeviceLights::initialClipPlane() { return json::array({0.0, 0.0, 0.0, 0.0}); }

DeviceLights DeviceLights::overlay(const DeviceLights& saved, const std::set<int64_t>& lights, bool allLights,
                                   bool material, const std::set<int64_t>& planes) const {
    DeviceLights t = *this;
    std::set<int64_t> named = lights;
    if (allLights) {
        for (const auto& [index, light] : saved.lights_) named.insert(index);
        for (const auto& [index, on] : saved.enabled_) named.insert(index);
    }
    for (int64_t index : named) {
        if (auto it = saved.lights_.find(index); it != saved.lights_.end()) t.lights_[index] = it->second;
        else if (t.lights_.count(index)) t.lights_[index] = json::object();  // the default light
        auto on = saved.enabled_.find(index);
        t.enabled_[index] = on != saved.enabled_.end() && on->second;
    }
    if (material) t.material_ = saved.material_;
    for (int64_t index : planes) {
        if (auto it = saved.clipPlanes_.find(index); it != saved.clipPlanes_.end()) t.clipPlanes_[index] = it->second;
        else t.clipPlanes_.erase(index);
    }
    return t;
}

SceneCommands DeviceLights::restore(const DeviceLights& saved) {
    // A material or plane the block does not hold was first set after the
    // block was made: the block holds the device's initial one.
    DeviceLights target = saved;
    if (material_ && !target.material_) target.material_ = initialMaterial();
    for (const auto& [index, plane] : clipPlanes_)
        if (!target.clipPlanes_.count(index)) target.clipPlanes_[index] = initialClipPlane();
    return restoreHeld(target);
}

SceneCommands DeviceLights::restoreHeld(const DeviceLights& saved) {
    // Lights the block holds are restored; lights first touched after it was
    // made are not in it and stay as they are.
    for (const auto& [index, light] : saved.lights_) lights_[index] = light;
    for (const auto& [index, on] : saved.enabled_) enabled_[index] = on;
    // A light the block holds that was never enabled then is off again (an
    // index above 7 is off by having no entry, as lightEnable keeps it).
    for (const auto& [index, light] : saved.lights_)
        if (!saved.enabled_.count(index)) {
            if (index < kSceneLights) enabled_[index] = false;
            else enabled_.erase(index);
        }
    size_t on = 0;
    for (const auto& [index, e] : enabled_) on += e;
    if (on > size_t(kSceneLights))
        throw std::runtime_error("leaves " + std::to_string(on) + " lights enabled: Direct3D 9 renders at most 8 at once");
    SceneCommands out = resync();
    if (saved.material_ && saved.material_ != material_) out.push_back({"SetMaterial", *saved.material_});
    material_ = saved.material_;
    for (const auto& [index, plane] : saved.clipPlanes_)
        if (!clipPlanes_.count(index) || clipPlanes_.at(index) != plane)
            out.push_back({"SetClipPlane", json{{"index", index}, {"plane", plane}}});
    clipPlanes_ = saved.clipPlanes_;
    return out;
}

void DeviceLights::writeState(CaptureBuilder& out) const {
    for (size_t s = 0; s < slots_.size(); ++s)
        if (!slots_[s].light.empty()) {
            json j = {{"index", s}};
            for (const auto& [k, v] : slots_[s].light.items()) j[k] = v;
            out.command("SetLight", j);
        }
    for (size_t s = 0; s < slots_.size(); ++s)
        if (slots_[s].enabled) out.command("LightEnable", json{{"index", s}, {"enable", true}});
    if (material_) out.command("SetMaterial", *material_);
    for (const auto& [index, plane] : clipPlanes_) out.command("SetClipPlane", json{{"index", index}, {"plane", plane}});
}

}  // namespace refrast::apitrace
