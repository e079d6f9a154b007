// SPDX-License-Identifier: MIT
// Direct3D 9 state blocks. Recorded with BeginStateBlock / EndStateBlock:
// the state calls between them change nothing on the device and are kept;
// IDirect3DStateBlock9::Apply replays them in order, so the capture gets the
// states they set as ordinary commands. A LightEnable recorded for a light
// the block did not SetLight records that light as the default light, which
// Apply restores along with its enable flag (wined3d's stateblock.c, whose
// recorded light state starts empty; the d3d9_lit fixture relies on it).
// Capture of a recorded block saves the current values of what its calls
// set, which its Apply restores from then on. CreateStateBlock saves the
// whole device state (D3DSBT_ALL) or the pixel or vertex states
// (d3d9_state_block_scopes.h); Apply restores what the block holds, Capture
// saves it again. A state first set after the block saved it returns to the
// device's initial value (formats/d3d/d3d9_device_defaults.h).
#include "formats/apitrace/d3d9_device_model.h"

#include "formats/apitrace/d3d9_state_block_scopes.h"
#include "formats/d3d/d3d9_device_defaults.h"

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
    StateBlock block;
    block.recorded = std::move(calls);
    stateBlocks_[create(outPointer("ppSB"), Kind::StateBlock)] = std::move(block);
}

void D3D9::createStateBlock() {
    if (!succeeded()) return;
    const std::string type = enumName(arg("Type"));
    StateBlock block;
    if (type == "D3DSBT_ALL") {
        block.scope.all = true;
    } else if (type == "D3DSBT_PIXELSTATE" || type == "D3DSBT_VERTEXSTATE") {
        const StateBlockStates& states = type == "D3DSBT_PIXELSTATE" ? pixelStates() : vertexStates();
        StateScope& scope = block.scope;
        scope.renderStates.insert(states.render.begin(), states.render.end());
        for (size_t i = 0; i < scope.stageStates.size(); ++i) {
            scope.stageStates[i].insert(states.stage.begin(), states.stage.end());
            scope.samplerStates[i].insert(states.sampler.begin(), states.sampler.end());
        }
        scope.pixelShader = states.pixelShader;
        scope.vertexShader = states.vertexShader;
        scope.layout = states.vertexLayout;
        scope.allLights = states.lights;
    } else {
        throw fail("a state block of type " + (type.empty() ? formatValue(arg("Type")) : type) +
                   " is not one of D3DSBT_ALL, D3DSBT_PIXELSTATE, D3DSBT_VERTEXSTATE");
    }
    block.saved = saveState();
    stateBlocks_[create(outPointer("ppSB"), Kind::StateBlock)] = std::move(block);
}

// What a recorded block's calls set: the states its Capture saves and its
// Apply restores from then on (wined3d stateblock.c: a recorded block's
// "changed" flags are what wined3d_stateblock_capture copies).
StateScope D3D9::recordedScope(const std::vector<Call>& calls) {
    const Call* const current = call_;
    StateScope scope;
    auto key = [&](const char* arg) {
        const std::string name = enumName(this->arg(arg));
        return name.empty() ? std::to_string(integer(arg)) : name;
    };
    for (const Call& recorded : calls) {
        call_ = &recorded;
        const std::string& name = recorded.name();
        const std::string m = name.substr(name.find("::") + 2);
        if (m == "SetRenderState") scope.renderStates.insert(key("State"));
        else if (m == "SetTextureStageState" && integer("Stage") >= 0 && integer("Stage") < 8)
            scope.stageStates[size_t(integer("Stage"))].insert(key("Type"));
        else if (m == "SetSamplerState" && integer("Sampler") >= 0 && integer("Sampler") < 8)
            scope.samplerStates[size_t(integer("Sampler"))].insert(key("Type"));
        else if (m == "SetTransform") scope.transforms.insert(integer("State"));
        else if (m == "SetViewport") scope.viewport = true;
        else if (m == "SetScissorRect") scope.scissor = true;
        else if (m == "SetLight" || m == "LightEnable") scope.lights.insert(integer("Index"));
        else if (m == "SetMaterial") scope.material = true;
        else if (m == "SetClipPlane") scope.clipPlanes.insert(integer("Index"));
        else if (m == "SetFVF" || m == "SetVertexDeclaration") scope.layout = true;
        else if (m == "SetStreamSource") scope.streams.insert(size_t(integer("StreamNumber")));
        else if (m == "SetIndices") scope.indices = true;
        else if (m == "SetTexture") scope.textures.insert(size_t(integer("Stage")));
        else if (m == "SetVertexShader") scope.vertexShader = true;
        else if (m == "SetPixelShader") scope.pixelShader = true;
    }
    call_ = current;
    return scope;
}

// The device state an Apply of `block` leaves: the current state with what
// the block holds taken from it. A state in the block's scope that was not
// set when the block saved it held the device's initial value then.
DeviceState D3D9::overlay(const StateBlock& block) const {
    const StateScope& scope = block.scope;
    const DeviceState& saved = block.saved;
    if (scope.all) return saved;
    const std::string since = " to the value a device starts with, which the importer does not know (first set after "
                              "call " + std::to_string(saved.madeBy) + " made or captured the state block)";
    DeviceState t = state_;
    t.madeBy = saved.madeBy;
    auto take = [&](json& target, const json& from, const std::set<std::string>& keys, const std::string& what, int stage) {
        for (const std::string& k : keys) {
            if (from.is_object() && from.contains(k)) target[k] = from[k];
            else if (target.is_object() && target.contains(k)) {
                const auto initial = initialState(k, stage);
                if (!initial) throw fail("restores " + what + k + since);
                target[k] = *initial;
            }
        }
    };
    take(t.renderStates, saved.renderStates, scope.renderStates, "", 0);
    for (size_t i = 0; i < 8; ++i) {
        take(t.stageStates[i], saved.stageStates[i], scope.stageStates[i], "stage " + std::to_string(i) + " ", int(i));
        take(t.samplerStates[i], saved.samplerStates[i], scope.samplerStates[i], "sampler " + std::to_string(i) + " ", 0);
    }
    for (int64_t state : scope.transforms) {
        if (auto it = saved.transforms.find(state); it != saved.transforms.end()) t.transforms[state] = it->second;
        else t.transforms.erase(state);  // applyState restores it to the identity
    }
    if (scope.viewport) t.viewport = saved.viewport;
    if (scope.scissor) t.scissor = saved.scissor;
    if (scope.layout) {
        t.layout = saved.layout;
        t.fvf = saved.fvf;
        t.decl = saved.decl;
    }
    for (size_t s : scope.streams)
        if (s < t.streams.size()) t.streams[s] = saved.streams[s];
    if (scope.indices) t.indices = saved.indices;
    for (size_t s : scope.textures)
        if (s < t.textureBinds.size()) t.textureBinds[s] = saved.textureBinds[s];
    if (scope.vertexShader) {
        t.vertexShader = saved.vertexShader;
        t.vertexShaderCall = saved.vertexShaderCall;
    }
    if (scope.pixelShader) {
        t.pixelShader = saved.pixelShader;
        t.pixelShaderCall = saved.pixelShaderCall;
    }
    t.lights = state_.lights.overlay(saved.lights, scope.lights, scope.allLights, scope.material, scope.clipPlanes);
    return t;
}

DeviceState D3D9::saveState() const {
    DeviceState s = state_;
    s.madeBy = call_->no;
    // The device holds a viewport and a scissor rectangle set or not: the
    // whole render target, as CreateDevice and SetRenderTarget leave them.
    if (!s.viewport) s.viewport = wholeTargetViewport();
    if (!s.scissor) s.scissor = wholeTargetScissor();
    return s;
}

// The viewport and scissor rectangle of the whole render target 0, what the
// device starts with and what SetRenderTarget resets them to (D3D9
// documentation of IDirect3DDevice9::SetRenderTarget: "the viewport is set to
// the full size of the new render target"; wined3d device.c sets the viewport,
// depth range 0..1, and the scissor rectangle to the whole target both at
// device creation and in set_rendertarget_view; docs/scene-format.md keeps
// the same rule, so the capture's loader agrees).
json D3D9::wholeTargetViewport() const {
    const auto [w, h] = out_.surfaceSize(rt0_);
    return json{{"x", 0}, {"y", 0}, {"width", w}, {"height", h}, {"min_z", 0.0}, {"max_z", 1.0}};
}

json D3D9::wholeTargetScissor() const {
    const auto [w, h] = out_.surfaceSize(rt0_);
    return json::array({0, 0, w, h});
}

// The value `name` has on a fresh device, in the form the model keeps it
// (the number; a float state as the float): formats/d3d/d3d9_device_defaults.h.
// Nothing for a state the table does not hold (a number without a name).
std::optional<json> D3D9::initialState(const std::string& name, int stage) const {
    std::optional<d3d::StateDefault> d;
    if (name.rfind("D3DRS_", 0) == 0) d = d3d::d3d9RenderStateDefault(name);
    else if (name.rfind("D3DTSS_", 0) == 0) d = d3d::d3d9TextureStageStateDefault(name, stage);
    else if (name.rfind("D3DSAMP_", 0) == 0) d = d3d::d3d9SamplerStateDefault(name);
    if (!d) return std::nullopt;
    // D3DRS_ZENABLE starts D3DZB_FALSE on a device without an automatic
    // depth-stencil surface (D3DRS_ZENABLE documentation).
    if (name == "D3DRS_ZENABLE" && defaultDs_.empty()) return json(uint32_t(0));
    if (d->kind == d3d::StateKind::Float) return json(d->value);
    return json(d->dword());
}

// Restores a whole-device block: the states that differ are written as
// commands; the bindings (streams, indices, textures) are synced at the next
// draw as always. A state first set after the block was made returns to the
// device's initial value (the block holds what the device held then); a state
// without a known initial value (a number without a name) is an error naming
// it. The viewport and scissor rectangle a block holds were set or were the
// whole render target of then (saveState).
void D3D9::applyState(const DeviceState& given) {
    DeviceState saved = given;
    const std::string since = " to the value a device starts with, which the importer does not know (first set after "
                              "call " + std::to_string(saved.madeBy) + " made or captured the state block)";
    // Fills `then` with the initial value of each key `now` holds and it does not.
    auto complete = [&](json& then, const json& now, const std::string& what, int stage) {
        if (!now.is_object()) return;
        if (!then.is_object()) then = json::object();
        for (const auto& [k, v] : now.items())
            if (!then.contains(k)) {
                const auto initial = initialState(k, stage);
                if (!initial) throw fail("restores " + what + k + since);
                then[k] = *initial;
            }
    };
    // The keys of `then` that `now` holds with another value or not at all.
    auto changed = [&](const json& then, const json& now) {
        json diff = json::object();
        if (then.is_object())
            for (const auto& [k, v] : then.items())
                if (!now.is_object() || !now.contains(k) || now[k] != v) diff[k] = v;
        return diff;
    };
    complete(saved.renderStates, state_.renderStates, "", 0);
    if (json d = changed(saved.renderStates, state_.renderStates); !d.empty()) emit("SetRenderState", d);
    for (size_t i = 0; i < state_.stageStates.size(); ++i) {
        complete(saved.stageStates[i], state_.stageStates[i], "stage " + std::to_string(i) + " ", int(i));
        if (json d = changed(saved.stageStates[i], state_.stageStates[i]); !d.empty()) {
            json j = {{"stage", i}};
            for (const auto& [k, v] : d.items()) j[k] = v;
            emit("SetTextureStageState", j);
        }
    }
    for (size_t i = 0; i < state_.samplerStates.size(); ++i) {
        complete(saved.samplerStates[i], state_.samplerStates[i], "sampler " + std::to_string(i) + " ", 0);
        if (json d = changed(saved.samplerStates[i], state_.samplerStates[i]); !d.empty()) {
            json j = {{"sampler", i}};
            for (const auto& [k, v] : d.items()) j[k] = v;
            emit("SetSamplerState", j);
        }
    }
    // Every transform starts as the identity (D3DTRANSFORMSTATETYPE; wined3d
    // stateblock.c init_default_state sets each matrix to the identity).
    for (const auto& [state, matrix] : state_.transforms)
        if (!saved.transforms.count(state))
            saved.transforms[state] = json::array({1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0});
    for (const auto& [state, matrix] : saved.transforms)
        if (!state_.transforms.count(state) || state_.transforms.at(state) != matrix)
            emit("SetTransform", json{{"state", state}, {"matrix", matrix}});
    // An unset current viewport or rectangle is the whole render target; one
    // the block restores to exactly that stays unset (the prologue of a later
    // frame writes none, as before any SetViewport).
    auto restore = [&](std::optional<json>& then, const std::optional<json>& now, const json& whole,
                       const char* command) {
        if (!then) then = whole;  // a pixel or vertex block holds neither: the current, unset one
        if (*then != (now ? *now : whole)) emit(command, *then);
        if (!now && *then == whole) then.reset();
    };
    restore(saved.viewport, state_.viewport, wholeTargetViewport(), "SetViewport");
    restore(saved.scissor, state_.scissor, wholeTargetScissor(), "SetScissorRect");
    // A block made before any SetFVF / SetVertexDeclaration holds no
    // declaration, and its Apply leaves the current one: wined3d's
    // wined3d_stateblock_apply sets the declaration only when the block holds
    // one, and the d3d9_stateblocks fixture's Wine frame shows the draw after
    // such an Apply (a NULL declaration would fail it).
    if (!saved.layout) {
        saved.layout = state_.layout;
        saved.fvf = state_.fvf;
        saved.decl = state_.decl;
    }
    if (saved.layout && saved.layout != state_.layout) emitLayout(*saved.layout, saved.decl);
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
    StateBlock& block = stateBlocks_.at(self(Kind::StateBlock));
    if (m != "Apply" && m != "Capture") unsupported();
    if (!succeeded()) return;
    if (m == "Capture") {
        if (block.recorded) {
            block.scope = recordedScope(*block.recorded);
            block.recorded.reset();
        }
        block.saved = saveState();
        return;
    }
    if (block.recorded) return replay(*block.recorded);
    applyState(overlay(block));
}

// Apply of a recorded block not captured since: its calls, in order.
void D3D9::replay(const std::vector<Call>& calls) {
    const Call* const applying = call_;
    std::set<int64_t> setLights;  // lights the block has SetLight for, so far
    for (const Call& recorded : calls) {
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
