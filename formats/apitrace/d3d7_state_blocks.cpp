// SPDX-License-Identifier: MIT
// Direct3D 7 state blocks (IDirect3DDevice7, d3d.h), named by the DWORD
// handle EndStateBlock or CreateStateBlock returns:
//  - recorded: between BeginStateBlock and EndStateBlock the state calls
//    (SetRenderState, SetTextureStageState, SetTransform, SetViewport,
//    SetTexture, SetLight, LightEnable, SetMaterial, SetClipPlane) change
//    nothing on the device and go into the block (d3d7_device_states.cpp;
//    the d3d7_stateblock fixture's frame 0 shows Wine does so: a draw after
//    EndStateBlock is not blended by the states recorded); ApplyStateBlock
//    sets them, CaptureStateBlock takes the device's current values of the
//    states the block holds. A LightEnable recorded for a light the block did
//    not SetLight records that light as the default light, which Apply
//    restores (wined3d's recorded blocks start with no lights, as in the
//    D3D9 importer; the fixture's frame 1 shows it).
//  - CreateStateBlock(D3DSBT_ALL): the whole device state; Apply restores
//    it, Capture saves the current state again.
// D3DSBT_PIXELSTATE and D3DSBT_VERTEXSTATE are refused: no list of which
// Direct3D 7 states they hold could be sourced here (docs/apitrace.md).
// The model knows a state once a call set it. A state the device holds only
// at its initial value cannot be restored or captured unless that value is
// documented: D3DRENDERSTATE_ZENABLE (TRUE with a Z buffer attached to the
// render target, FALSE without: docs/apitrace.md "Device defaults") and the
// texture bindings (none). Anything else is refused naming the state.
#include "formats/apitrace/d3d7_device_model.h"

#include "formats/d3d/d3d_constants.h"

#include <set>

namespace refrast::apitrace::d3d7_import {

namespace {

std::string constantName(const char* group, const std::string& key) {
    // Sampler keys are names already (D3DSAMP_MAGFILTER); the others are D3D7 numbers.
    if (key.empty() || key[0] < '0' || key[0] > '9') return key;
    const d3d::Constant* c = d3d::byValue(group, std::stoll(key));
    return c ? key + " (" + std::string(c->name) + ")" : key;
}

std::string renderStateName(const std::string& key) {
    return "render state " + constantName("D3D7:D3DRENDERSTATETYPE", key);
}

std::string stageStateName(size_t stage, bool sampler, const std::string& key) {
    return "stage " + std::to_string(stage) + (sampler ? " sampler state " : " state ") +
           constantName("D3D7:D3DTEXTURESTAGESTATETYPE", key);
}

}  // namespace

int64_t D3D7::blockHandleOut() {
    const Value* p = arg("lpdwBlockHandle").pointee();
    const auto h = p ? p->integer() : std::nullopt;
    if (!h) throw fail("lpdwBlockHandle holds no handle");
    return *h;
}

void D3D7::addStateBlock(int64_t handle, StateBlock7 block) {
    if (auto it = stateBlocks_.find(handle); it != stateBlocks_.end())
        throw fail("returns handle " + std::to_string(handle) + ", which the state block of call " +
                   std::to_string(it->second.madeBy) + " still holds (no DeleteStateBlock between)");
    stateBlocks_[handle] = std::move(block);
}

json D3D7::initialZenable() const { return noDepth_ ? 0 : 1; }  // D3DZB_FALSE / D3DZB_TRUE

// The device state as a whole-device block holds it: every state the model
// knows, ZENABLE at its initial value if no call set it.
StateSet7 D3D7::snapshot() const {
    StateSet7 s = state_;
    if (!s.renderStates.contains(zenableKey())) s.renderStates[zenableKey()] = initialZenable();
    return s;
}

void D3D7::stateBlock(const std::string& m) {
    if (failed()) return;  // D3DERR_INBEGINSTATEBLOCK, D3DERR_INVALIDSTATEBLOCK, …: nothing changed
    if (m == "BeginStateBlock") {
        if (recording_)
            throw fail("BeginStateBlock while the one of call " + std::to_string(recordingCall_) +
                       " is still recording (no EndStateBlock between)");
        recording_.emplace();
        recordingCall_ = call_->no;
        return;
    }
    if (m == "EndStateBlock") {
        if (!recording_) throw fail("EndStateBlock without BeginStateBlock");
        StateBlock7 block = std::move(*recording_);
        recording_.reset();
        block.madeBy = call_->no;
        return addStateBlock(blockHandleOut(), std::move(block));
    }
    if (recording_)
        throw fail(m + " while the state block BeginStateBlock began at call " + std::to_string(recordingCall_) +
                   " is still recording (EndStateBlock has not returned its handle)");
    if (m == "CreateStateBlock") {
        const std::string type = enumName(arg("d3dsbType"));
        if (type != "D3DSBT_ALL")
            throw fail("a state block of type " + (type.empty() ? formatValue(arg("d3dsbType")) : type) +
                       " is not supported: which Direct3D 7 states it holds is not sourced (D3DSBT_ALL and blocks "
                       "recorded with BeginStateBlock / EndStateBlock are read)");
        StateBlock7 block;
        block.whole = true;
        block.madeBy = call_->no;
        block.states = snapshot();
        block.lights = lights_;
        return addStateBlock(blockHandleOut(), std::move(block));
    }
    const int64_t handle = integer("dwBlockHandle");
    auto it = stateBlocks_.find(handle);
    if (it == stateBlocks_.end())
        throw fail("dwBlockHandle = " + std::to_string(handle) +
                   " is no state block the trace made (EndStateBlock and CreateStateBlock return the handles)");
    StateBlock7& block = it->second;
    if (m == "DeleteStateBlock") {
        stateBlocks_.erase(it);
    } else if (m == "ApplyStateBlock") {
        if (block.whole) applyWhole(block);
        else applyRecorded(block);
    } else if (block.whole) {  // CaptureStateBlock
        block.states = snapshot();
        block.lights = lights_;
        block.madeBy = call_->no;
    } else {
        captureRecorded(block);
    }
}

// A recorded block sets what it holds: one command per kind of state, then
// its lighting calls in order (an error in one names the recorded call).
void D3D7::applyRecorded(const StateBlock7& b) {
    const StateSet7& s = b.states;
    if (!s.renderStates.empty()) {
        for (const auto& [k, v] : s.renderStates.items()) state_.renderStates[k] = v;
        emit("SetRenderState", s.renderStates);
    }
    for (size_t i = 0; i < 8; ++i) {
        if (!s.stageStates[i].is_null()) {
            json j = {{"stage", i}};
            for (const auto& [k, v] : s.stageStates[i].items()) j[k] = state_.stageStates[i][k] = v;
            emit("SetTextureStageState", j);
        }
        if (!s.samplerStates[i].is_null()) {
            json j = {{"sampler", i}};
            for (const auto& [k, v] : s.samplerStates[i].items()) j[k] = state_.samplerStates[i][k] = v;
            emit("SetSamplerState", j);
        }
        if (s.textures[i]) state_.textures[i] = s.textures[i];  // bound at the next draw
    }
    for (const auto& [state, matrix] : s.transforms) {
        state_.transforms[state] = matrix;
        emit("SetTransform", json{{"state", state}, {"matrix", matrix}});
    }
    if (s.viewport) {
        state_.viewport = s.viewport;
        emit("SetViewport", *s.viewport);
    }
    const Call* const applying = call_;
    std::set<int64_t> setLights;  // lights the block has SetLight for, so far
    for (const Call& recorded : b.lighting) {
        call_ = &recorded;
        const std::string& name = recorded.name();
        const std::string method = name.substr(name.find("::") + 2);
        if (method == "SetLight") setLights.insert(integer("dwLightIndex"));
        if (method == "LightEnable" && !setLights.count(integer("dwLightIndex"))) {
            try {
                emitLighting(lights_.setDefaultLight(integer("dwLightIndex")));
            } catch (const std::runtime_error& e) {
                throw fail(e.what());
            }
        }
        lighting(method);
    }
    call_ = applying;
}

// A whole-device block restores the states that differ from the current
// ones. A state the device holds now but the block does not was first set
// after the block was made or captured: it would go back to the device's
// initial value, which is not known (the file comment), so it is refused.
void D3D7::applyWhole(const StateBlock7& b) {
    const std::string since = " to the value a device starts with, which the importer does not know (first set after "
                              "call " + std::to_string(b.madeBy) + " made or captured the state block)";
    const StateSet7 now = snapshot();
    // The keys `then` holds with another value than `now`; every key of `now` must be in `then`.
    auto changed = [&](const json& then, const json& cur, auto&& name) {
        json diff = json::object();
        if (cur.is_object())
            for (const auto& [k, v] : cur.items())
                if (!then.is_object() || !then.contains(k)) throw fail("restores " + name(k) + since);
        if (then.is_object())
            for (const auto& [k, v] : then.items())
                if (!cur.is_object() || !cur.contains(k) || cur[k] != v) diff[k] = v;
        return diff;
    };
    if (json d = changed(b.states.renderStates, now.renderStates, renderStateName); !d.empty()) emit("SetRenderState", d);
    for (size_t i = 0; i < 8; ++i) {
        auto stage = [&](const std::string& k) { return stageStateName(i, false, k); };
        auto sampler = [&](const std::string& k) { return stageStateName(i, true, k); };
        if (json d = changed(b.states.stageStates[i], now.stageStates[i], stage); !d.empty()) {
            json j = {{"stage", i}};
            for (const auto& [k, v] : d.items()) j[k] = v;
            emit("SetTextureStageState", j);
        }
        if (json d = changed(b.states.samplerStates[i], now.samplerStates[i], sampler); !d.empty()) {
            json j = {{"sampler", i}};
            for (const auto& [k, v] : d.items()) j[k] = v;
            emit("SetSamplerState", j);
        }
    }
    // A transform first set after the block returns to the identity, every
    // transform's initial value (as in the D3D9 importer: wined3d's
    // init_default_state, which ddraw's devices share; scene format 2 starts
    // a Direct3D 7 capture with the same identities).
    StateSet7 restored = b.states;
    for (const auto& [state, matrix] : now.transforms)
        if (!restored.transforms.count(state)) restored.transforms[state] = identityMatrix();
    for (const auto& [state, matrix] : restored.transforms)
        if (!now.transforms.count(state) || now.transforms.at(state) != matrix)
            emit("SetTransform", json{{"state", state}, {"matrix", matrix}});
    if (now.viewport && !b.states.viewport) throw fail("restores the viewport" + since);
    if (b.states.viewport && b.states.viewport != now.viewport) emit("SetViewport", *b.states.viewport);
    try {
        emitLighting(lights_.restore(b.lights));
    } catch (const InputError&) {
        throw;
    } catch (const std::runtime_error& e) {
        throw fail(e.what());
    }
    state_ = restored;  // textures: all held, bound at the next draw
}

json D3D7::identityMatrix() {
    return json::array({1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0});
}

// Capture of a recorded block: each state it holds takes the device's
// current value. Its lighting calls would need the device's lights as calls:
// refused.
void D3D7::captureRecorded(StateBlock7& b) {
    if (!b.lighting.empty())
        throw fail("re-captures a recorded state block that holds lighting calls (call " +
                   std::to_string(b.lighting.front().no) + " " + b.lighting.front().name() +
                   "): capturing lights, material and clip planes into a recorded block is not supported");
    const StateSet7 now = snapshot();
    const std::string unknown = ", which no call set before: the importer does not know the value a device starts with";
    StateSet7 s = b.states;
    for (auto& [k, v] : s.renderStates.items()) {
        if (!now.renderStates.contains(k)) throw fail("captures " + renderStateName(k) + unknown);
        v = now.renderStates[k];
    }
    for (size_t i = 0; i < 8; ++i) {
        for (auto [states, current, sampler] : {std::tuple{&s.stageStates[i], &now.stageStates[i], false},
                                                 std::tuple{&s.samplerStates[i], &now.samplerStates[i], true}})
            if (states->is_object())
                for (auto& [k, v] : states->items()) {
                    if (!current->is_object() || !current->contains(k))
                        throw fail("captures " + stageStateName(i, sampler, k) + unknown);
                    v = (*current)[k];
                }
        if (s.textures[i]) s.textures[i] = now.textures[i];
    }
    for (auto& [state, matrix] : s.transforms)  // one no call set is still the identity
        matrix = now.transforms.count(state) ? now.transforms.at(state) : identityMatrix();
    if (s.viewport) {
        if (!now.viewport) throw fail("captures the viewport" + unknown);
        s.viewport = now.viewport;
    }
    b.states = std::move(s);
    b.madeBy = call_->no;
}

}  // namespace refrast::apitrace::d3d7_import
