// SPDX-License-Identifier: MIT
// Light indices beyond 7 (formats/apitrace/device_lights.h): Direct3D 9
// accepts any index and renders at most 8 enabled lights; the capture's
// slots 0..7 hold the enabled lights packed in index order once one above 7
// is enabled, and a ninth enabled light is refused.
#include "formats/apitrace/device_lights.h"
#include "formats/d3d/d3d_constants.h"

#include <doctest/doctest.h>

#include <deque>
#include <stdexcept>

using namespace refrast;
using namespace refrast::apitrace;
using Json = nlohmann::ordered_json;

namespace {

// A D3DLIGHT9 as apitrace records it: a struct of the header's member names.
struct LightValues {
    std::deque<StructSig> sigs;
    Value num(float x) {
        Value v;
        v.type = Value::Type::Float;
        v.f = x;
        return v;
    }
    Value record(const std::string& name, std::vector<std::string> members, std::vector<Value> items) {
        StructSig& s = sigs.emplace_back();
        s.name = name;
        s.memberNames = std::move(members);
        Value v;
        v.type = Value::Type::Struct;
        v.structSig = &s;
        v.items = std::move(items);
        return v;
    }
    // A point light of diffuse (d, d, d, 1) at (x, 0, 0).
    Value point(float d, float x) {
        Value type;
        type.type = Value::Type::UInt;
        type.uint = uint64_t(*d3d::valueOf("D3DLIGHTTYPE", "D3DLIGHT_POINT"));
        auto colour = [&](float c) { return record("D3DCOLORVALUE", {"r", "g", "b", "a"}, {num(c), num(c), num(c), num(1)}); };
        auto vec = [&](float a) { return record("D3DVECTOR", {"x", "y", "z"}, {num(a), num(0), num(0)}); };
        return record("D3DLIGHT9",
                      {"Type", "Diffuse", "Specular", "Ambient", "Position", "Direction", "Range", "Falloff",
                       "Attenuation0", "Attenuation1", "Attenuation2", "Theta", "Phi"},
                      {type, colour(d), colour(0), colour(0), vec(x), vec(0), num(10), num(0), num(1), num(0), num(0),
                       num(0), num(0)});
    }
};

// "SetLight 2 x=5" / "LightEnable 2 on" for each command, to compare sequences at a glance.
std::vector<std::string> brief(const SceneCommands& commands) {
    std::vector<std::string> out;
    for (const auto& [name, j] : commands) {
        std::string s = name + " " + std::to_string(j["index"].get<int>());
        if (name == "SetLight") s += j.contains("position") ? " x=" + std::to_string(int(j["position"][0].get<double>())) : " default";
        else s += j["enable"].get<bool>() ? " on" : " off";
        out.push_back(s);
    }
    return out;
}

using Lines = std::vector<std::string>;

}  // namespace

TEST_CASE("apitrace/lights: indices 0..7 are their own slots, commands as the program wrote them") {
    LightValues v;
    DeviceLights d;
    CHECK(brief(d.setLight(3, v.point(1, 3))) == Lines{"SetLight 3 x=3"});
    CHECK(brief(d.lightEnable(3, true)) == Lines{"LightEnable 3 on"});
    CHECK(brief(d.lightEnable(3, true)) == Lines{"LightEnable 3 on"});  // repeated, as written
    CHECK(brief(d.lightEnable(5, true)) == Lines{"LightEnable 5 on"});  // never set: the default light
    CHECK(brief(d.lightEnable(3, false)) == Lines{"LightEnable 3 off"});
}

TEST_CASE("apitrace/lights: a light above 7 packs the enabled lights into slots in index order") {
    LightValues v;
    DeviceLights d;
    (void)d.setLight(0, v.point(1, 0));
    (void)d.setLight(1, v.point(1, 1));
    (void)d.lightEnable(0, true);
    (void)d.lightEnable(1, true);
    // Set but not enabled: no command yet.
    CHECK(d.setLight(20, v.point(1, 20)).empty());
    // Enabled {0, 1, 20}: slots 0 and 1 already show lights 0 and 1; slot 2 gets light 20.
    CHECK(brief(d.lightEnable(20, true)) == Lines{"SetLight 2 x=20", "LightEnable 2 on"});
    // Light 9, never set (the default light), sorts between 1 and 20: slots 2 and 3 shift.
    CHECK(brief(d.lightEnable(9, true)) == Lines{"SetLight 2 default", "SetLight 3 x=20", "LightEnable 3 on"});
    // A changed light 20 reaches its slot.
    CHECK(brief(d.setLight(20, v.point(1, 21))) == Lines{"SetLight 3 x=21"});
    // Disabling 0: enabled {1, 9, 21→20}: slots 0..2 show 1, 9, 20; slot 3 goes off.
    CHECK(brief(d.lightEnable(0, false)) ==
          Lines{"SetLight 0 x=1", "SetLight 1 default", "SetLight 2 x=21", "LightEnable 3 off"});
    // Light 9 off: light 20 is still on, so still packed: slots 0, 1 show 1, 20; slot 2 goes off.
    CHECK(brief(d.lightEnable(9, false)) == Lines{"SetLight 1 x=21", "LightEnable 2 off"});
    // The last light above 7 off: back to own slots. Slot 0 shows light 0 again (off), slot 1 light 1 (on).
    CHECK(brief(d.lightEnable(20, false)) == Lines{"SetLight 0 x=0", "LightEnable 0 off", "SetLight 1 x=1"});
}

TEST_CASE("apitrace/lights: a ninth enabled light is refused; the prologue writes the slots") {
    LightValues v;
    DeviceLights d;
    for (int64_t i = 10; i < 18; ++i) (void)d.lightEnable(i, true);
    CHECK_THROWS_WITH_AS(d.lightEnable(40, true),
                         "enables light 40 while 8 lights are enabled: Direct3D 9 renders at most 8 at once "
                         "(MaxActiveLights of the device refrast models)",
                         std::runtime_error);
    CHECK(brief(d.lightEnable(12, true)).empty());  // already on: not a ninth
    CHECK(brief(d.lightEnable(12, false)) == Lines{"LightEnable 7 off"});  // 13..17 move down a slot: all default lights
    CHECK(brief(d.lightEnable(40, true)) == Lines{"LightEnable 7 on"});
}
