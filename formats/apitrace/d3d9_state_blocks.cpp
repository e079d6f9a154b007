// SPDX-License-Identifier: MIT
// Direct3D 9 state blocks recorded with BeginStateBlock / EndStateBlock: the
// state calls between them change nothing on the device and are kept;
// IDirect3DStateBlock9::Apply replays them in order, so the capture gets the
// states they set as ordinary commands. A LightEnable recorded for a light
// the block did not SetLight records that light as the default light, which
// Apply restores along with its enable flag (wined3d's stateblock.c, whose
// recorded light state starts empty; the d3d9_lit fixture relies on it).
// CreateStateBlock(D3DSBT_ALL) saves the whole device state (DeviceState);
// its Apply restores it and Capture saves the current state again.
#include "formats/apitrace/d3d9_device_model.h"

#include <set>

namespace refrast::apitrace::d3d9_import {

bool D3D9::isRecordable(const std::string& m) {
    // The IDirect3DDevice9 methods a state block records (D3D9 documentation,
    // "State Blocks Save and Restore State"); every other call runs as usual.
    static const char* const names[] = {"SetRenderState", "SetTextureStageState", "SetSamplerState", "SetTransform",
        "SetViewport", "SetScissorRect", "SetLight", "LightEnable", "SetMaterial", "SetClipPlane", "SetFVF",
        "SetVertexDeclaration", "SetStreamSource", "SetStreamSourceFreq", "SetIndices", "SetTexture",
        "SetVertexShader", "SetPixelShader", "SetVertexShaderConstantF", "SetVertexShaderConstantI",
        "SetVertexShaderConstantB", "SetPixelShaderConstantF", "SetPixelShaderConstantI", "SetPixelShaderConstantB",
        "SetNPatchMode"};
    for (const char* k : names)
        if (m == k) return true;
    return false;
}

void D3D9::beginStateBlock() {
    if (!succeeded()) return;
    if (recording_) throw fail("BeginStateBlock while call " + std::to_string(recordingCall_) + " is still recording one");
    recording_.emplace();
    recordingCall_ = call_->no;
}

void D3D9::endStateBlock() {
    if (!recording_) throw fail("EndStateBlock without BeginStateBlock");
    std::vector<Call> calls = std::move(*recording_);
    recording_.reset();
    if (!succeeded()) return;
    stateBlocks_[create(outPointer("ppSB"), Kind::StateBlock)] = std::move(calls);
}

void D3D9::createStateBlock() {
    if (!succeeded()) return;
    const std::string type = enumName(arg("Type"));
    if (type != "D3DSBT_ALL")
        throw fail("a state block of type " + (type.empty() ? formatValue(arg("Type")) : type) +
                   " is not supported: D3DSBT_ALL and recorded ones (BeginStateBlock/EndStateBlock) are");
    wholeStateBlocks_[create(outPointer("ppSB"), Kind::StateBlock)] = saveState();
}

DeviceState D3D9::saveState() const {
    DeviceState s = state_;
    s.madeBy = call_->no;
    return s;
}

// Restores a whole-device block: the states that differ are written as
// commands; the bindings (streams, indices, textures) are synced at the next
// draw as always. A state the block holds only as the device's initial value
// (first set after the block was made) would need that value, which the
// importer does not write: an error naming the state.
void D3D9::applyState(const DeviceState& saved) {
    const std::string since = " to the value a device starts with, which the importer does not write (first set after "
                              "call " + std::to_string(saved.madeBy) + " made or captured the state block)";
    // The keys of `now` that `then` holds with another value (all of them present in `then`).
    auto changed = [&](const json& then, const json& now, const std::string& what) {
        json diff = json::object();
        if (now.is_object())
            for (const auto& [k, v] : now.items())
                if (!then.is_object() || !then.contains(k)) throw fail("restores " + what + k + since);
        if (then.is_object())
            for (const auto& [k, v] : then.items())
                if (!now.is_object() || !now.contains(k) || now[k] != v) diff[k] = v;
        return diff;
    };
    if (json d = changed(saved.renderStates, state_.renderStates, ""); !d.empty()) emit("SetRenderState", d);
    for (size_t i = 0; i < state_.stageStates.size(); ++i)
        if (json d = changed(saved.stageStates[i], state_.stageStates[i], "stage " + std::to_string(i) + " "); !d.empty()) {
            json j = {{"stage", i}};
            for (const auto& [k, v] : d.items()) j[k] = v;
            emit("SetTextureStageState", j);
        }
    for (size_t i = 0; i < state_.samplerStates.size(); ++i)
        if (json d = changed(saved.samplerStates[i], state_.samplerStates[i], "sampler " + std::to_string(i) + " "); !d.empty()) {
            json j = {{"sampler", i}};
            for (const auto& [k, v] : d.items()) j[k] = v;
            emit("SetSamplerState", j);
        }
    for (const auto& [state, matrix] : state_.transforms)
        if (!saved.transforms.count(state)) throw fail("restores transform " + std::to_string(state) + since);
    for (const auto& [state, matrix] : saved.transforms)
        if (!state_.transforms.count(state) || state_.transforms.at(state) != matrix)
            emit("SetTransform", json{{"state", state}, {"matrix", matrix}});
    auto restore = [&](const std::optional<json>& then, const std::optional<json>& now, const char* what) {
        if (now && !then) throw fail(std::string("restores the ") + what + since);
        return then && then != now;
    };
    if (restore(saved.viewport, state_.viewport, "viewport")) emit("SetViewport", *saved.viewport);
    if (restore(saved.scissor, state_.scissor, "scissor rectangle")) emit("SetScissorRect", *saved.scissor);
    if (restore(saved.layout, state_.layout, "vertex layout (SetFVF / SetVertexDeclaration)"))
        emit(saved.layout->begin().key(), saved.layout->begin().value());
    try {
        emitLighting(state_.lights.restore(saved.lights));
    } catch (const InputError&) {
        throw;
    } catch (const std::runtime_error& e) {
        throw fail(e.what());
    }
    state_.renderStates = saved.renderStates;
    state_.stageStates = saved.stageStates;
    state_.samplerStates = saved.samplerStates;
    state_.transforms = saved.transforms;
    state_.viewport = saved.viewport;
    state_.scissor = saved.scissor;
    state_.layout = saved.layout;
    state_.fvf = saved.fvf;
    state_.decl = saved.decl;
    state_.streams = saved.streams;
    state_.indices = saved.indices;
    state_.textureBinds = saved.textureBinds;
    state_.vertexShader = saved.vertexShader;
    state_.pixelShader = saved.pixelShader;
    state_.vertexShaderCall = saved.vertexShaderCall;
    state_.pixelShaderCall = saved.pixelShaderCall;
}

void D3D9::stateBlock(const std::string& m) {
    const uint64_t id = self(Kind::StateBlock);
    if (auto whole = wholeStateBlocks_.find(id); whole != wholeStateBlocks_.end()) {
        if (m != "Apply" && m != "Capture") unsupported();
        if (!succeeded()) return;
        if (m == "Capture") whole->second = saveState();
        else applyState(whole->second);
        return;
    }
    if (m == "Capture")
        throw fail("re-capturing a recorded state block (Capture) is not supported; Apply of a recorded one, and "
                   "Apply and Capture of a D3DSBT_ALL one, are");
    if (m != "Apply") unsupported();
    if (!succeeded()) return;
    const Call* const applying = call_;
    std::set<int64_t> setLights;  // lights the block has SetLight for, so far
    for (const Call& recorded : stateBlocks_.at(id)) {
        call_ = &recorded;
        const std::string& name = recorded.name();
        const std::string method = name.substr(name.find("::") + 2);
        if (method == "SetLight") setLights.insert(integer("Index"));
        if (method == "LightEnable" && !setLights.count(integer("Index"))) {
            const int64_t index = integer("Index");
            try {
                emitLighting(state_.lights.setDefaultLight(index));
            } catch (const std::runtime_error& e) {
                throw fail(e.what());
            }
        }
        device(method);
    }
    call_ = applying;
}

}  // namespace refrast::apitrace::d3d9_import
