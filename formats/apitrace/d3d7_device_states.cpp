// SPDX-License-Identifier: MIT
// IDirect3D7::CreateDevice and the IDirect3DDevice7 state calls: Clear, render
// and texture stage states (d3d7_stage_states.h), transforms, the viewport,
// texture bindings, lights, material and clip planes (device_lights.h), and
// the prologue that gives the capture the state accumulated before the frame.
#include "formats/apitrace/d3d7_device_model.h"

#include "formats/apitrace/d3d7_stage_states.h"
#include "formats/apitrace/opening_state.h"
#include "formats/d3d/d3d_constants.h"

#include <cmath>
#include <cstring>

namespace refrast::apitrace::d3d7_import {

namespace {

std::string formatSuffix(const std::string& f) { return f.rfind("D3DFMT_", 0) == 0 ? f.substr(7) : f; }

}  // namespace

std::string D3D7::zenableKey() {
    return std::to_string(*refrast::d3d::valueOf("D3D7:D3DRENDERSTATETYPE", "D3DRENDERSTATE_ZENABLE"));
}

void D3D7::createDevice() {
    if (device_) throw fail("a second device; refrast imports traces of one device");
    const uint64_t rt = object(arg("lpDDS"), "lpDDS", Kind::Surface, false);
    Surface7& s = surfaces_.at(rt);
    if (s.primary || s.zbuffer || s.format.empty())
        throw fail("renders to a " + std::string(s.primary ? "primary" : "Z buffer") +
                   " surface (refrast reads devices on an offscreen render target)");
    s.capture = "backbuffer";
    out_.surface("backbuffer", formatSuffix(s.format), s.width, s.height);
    out_.setOutput("backbuffer");
    if (s.attachedZ) {
        Surface7& z = surfaces_.at(s.attachedZ);
        z.capture = "depth";
        out_.surface("depth", formatSuffix(z.format), z.width, z.height);
    } else {
        noDepth_ = true;
        // D3D7's ZENABLE starts FALSE without an attached Z buffer (the prologue
        // says so for a device created before the frame).
        emit("SetRenderState", json{{zenableKey(), 0}});
    }
    device_ = create(outPointer("lplpD3DDevice"), Kind::Device);
}

void D3D7::device(const std::string& m) {
    if (self(Kind::Device) != device_) throw fail("a device the importer does not follow");
    if (ignorable(m)) return;
    if (m == "BeginStateBlock" || m == "EndStateBlock" || m == "CreateStateBlock" || m == "ApplyStateBlock" ||
        m == "CaptureStateBlock" || m == "DeleteStateBlock")
        return stateBlock(m);
    // Between BeginStateBlock and EndStateBlock the state calls below change
    // nothing on the device: they go to the block (stateTarget()) and write
    // no command; ApplyStateBlock writes them (d3d7_state_blocks.cpp).
    if (m == "Clear") {
        json j = {{"flags", uint32_t(integer("dwFlags"))}, {"color", uint32_t(integer("dwColor"))}};
        const Value& z = arg("dvZ");
        const float zf = z.type == Value::Type::Float ? z.f : float(z.integer().value_or(1));
        if (!(zf >= 0.0f && zf <= 1.0f)) throw fail("dvZ outside 0..1");
        j["z"] = double(zf);
        j["stencil"] = uint32_t(integer("dwStencil")) & 0xffu;
        if (integer("dwCount") > 0 && arg("lpRects").type == Value::Type::Array) {
            json list = json::array();
            for (const Value& r : arg("lpRects").items)
                list.push_back({memberInt(r, "x1"), memberInt(r, "y1"), memberInt(r, "x2"), memberInt(r, "y2")});
            j["rects"] = list;
        }
        return emit("Clear", j);
    }
    if (m == "SetRenderTarget") return setRenderTarget();
    if (m == "SetRenderState") {
        const std::string name = enumName(arg("dwRenderStateType"));
        const bool isFloat = name == "D3DRENDERSTATE_FOGSTART" || name == "D3DRENDERSTATE_FOGEND" ||
                             name == "D3DRENDERSTATE_FOGDENSITY";
        const std::string key = std::to_string(integer("dwRenderStateType"));
        const json v = stateNumber(arg("dwRenderState"), isFloat);
        stateTarget().renderStates[key] = v;
        if (!recording_) emit("SetRenderState", json{{key, v}});
        return;
    }
    if (m == "SetTextureStageState") {
        const int64_t stage = integer("dwStage");
        if (stage < 0 || stage > 7) throw fail("dwStage outside 0..7");
        const auto value = arg("dwState").integer();
        if (!value) throw fail("dwState is not an integer");
        std::vector<D3D7StageState> states;
        try {
            states = d3d7StageState(integer("d3dTexStageStateType"), uint32_t(*value));
        } catch (const std::runtime_error& e) {
            throw fail(e.what());
        }
        for (const D3D7StageState& st : states) {
            (st.sampler ? stateTarget().samplerStates : stateTarget().stageStates)[size_t(stage)][st.key] = st.value;
            if (!recording_)
                emit(st.sampler ? "SetSamplerState" : "SetTextureStageState",
                 json{{st.sampler ? "sampler" : "stage", stage}, {st.key, st.value}});
        }
        return;
    }
    if (m == "SetTransform") {
        const std::string name = enumName(arg("dtstTransformStateType"));
        // D3D7's WORLD is 1 (D3D9's is 256); VIEW, PROJECTION and TEXTUREn agree.
        const std::string state = name.rfind("D3DTRANSFORMSTATE_", 0) == 0 ? name.substr(18) : "";
        if (state.empty()) throw fail("transform state " + formatValue(arg("dtstTransformStateType")) + " is not read");
        const std::string key = state == "WORLD" ? "WORLD" : state == "WORLD1" ? "WORLDMATRIX(1)" : state == "WORLD2" ? "WORLDMATRIX(2)"
                              : state == "WORLD3" ? "WORLDMATRIX(3)" : state;
        const Value* mat = arg("lpD3DMatrix").pointee();
        if (!mat || mat->items.size() != 16) throw fail("lpD3DMatrix holds no 4x4 matrix");
        json matrix = json::array();
        for (const Value& x : mat->items) {
            if (x.type != Value::Type::Float || !std::isfinite(x.f)) throw fail("a matrix element is not a finite float");
            matrix.push_back(double(x.f));
        }
        stateTarget().transforms[key] = matrix;
        if (!recording_) emit("SetTransform", json{{"state", key}, {"matrix", matrix}});
        return;
    }
    if (m == "SetViewport") {
        const Value* v = arg("lpViewport").pointee();
        if (!v) throw fail("lpViewport is NULL");
        auto f = [&](const char* k) {
            const Value* x = v->member(k);
            if (!x || x->type != Value::Type::Float) throw fail(std::string("lpViewport lacks ") + k);
            return double(x->f);
        };
        const json viewport = json{{"x", memberInt(*v, "dwX")}, {"y", memberInt(*v, "dwY")}, {"width", memberInt(*v, "dwWidth")},
                         {"height", memberInt(*v, "dwHeight")}, {"min_z", f("dvMinZ")}, {"max_z", f("dvMaxZ")}};
        stateTarget().viewport = viewport;
        if (!recording_) emit("SetViewport", viewport);
        return;
    }
    if (m == "SetTexture") {
        const int64_t stage = integer("dwStage");
        if (stage < 0 || stage > 7) throw fail("dwStage outside 0..7");
        const uint64_t t = object(arg("lpTexture"), "lpTexture", Kind::Surface, true);
        if (t && (surfaces_.at(t).levels.empty() || surfaces_.at(t).top))
            throw fail(surfaces_.at(t).top ? "binds a mipmap level below the top of its chain (D3D7 binds the top surface)"
                                           : "binds a surface that is no texture");
        stateTarget().textures[size_t(stage)] = t;
        return;
    }
    if (m == "SetLight" || m == "LightEnable" || m == "SetMaterial" || m == "SetClipPlane") {
        if (!recording_) return lighting(m);
        if (!failed()) recording_->lighting.push_back(*call_);  // checked when applied, naming this call
        return;
    }
    if (m.rfind("Draw", 0) == 0) return draw(m);
    unsupported();
}

// SetLight, LightEnable, SetMaterial, SetClipPlane: D3DLIGHT7 and
// D3DMATERIAL7 are D3D9's structs under other member names (device_lights.h).
void D3D7::lighting(const std::string& m) {
    if (failed()) return;
    SceneCommands c;
    try {
        if (m == "SetLight") {
            const Value* light = arg("lpLight").pointee();
            if (!light) throw fail("lpLight is NULL");
            c = lights_.setLight(integer("dwLightIndex"), *light);
        } else if (m == "LightEnable") {
            c = lights_.lightEnable(integer("dwLightIndex"), integer("bEnable") != 0);
        } else if (m == "SetMaterial") {
            const Value* material = arg("lpMat").pointee();
            if (!material) throw fail("lpMat is NULL");
            c = {lights_.setMaterial(*material)};
        } else {
            const Value& plane = arg("pPlaneEquation");
            c = {lights_.setClipPlane(integer("dwIndex"), plane.pointee() && plane.pointee()->type == Value::Type::Array
                                                              ? *plane.pointee() : plane)};
        }
    } catch (const InputError&) {
        throw;
    } catch (const std::runtime_error& e) {
        throw fail(e.what());
    }
    emitLighting(c);
}

// IDirect3DDevice7::SetRenderTarget. A Direct3D 7 capture has one render
// target, the surface the device was created on: it is what the Flip or Blt
// to the primary presents, and the capture's output. Drawing into another
// surface would need that surface's contents as the program left them (a
// texture it filled with Lock, a back buffer of an earlier frame), and scene
// format 2's surfaces start cleared; so only the device's own render target
// is taken again, which changes nothing when the viewport is the whole
// target (whether D3D7 resets a smaller viewport there is not sourced here:
// the DirectX 7 documentation of the call is not at hand).
void D3D7::setRenderTarget() {
    if (failed()) return;  // D3D7 refused it (DDERR_INVALIDCAPS, …): nothing changed
    const uint64_t target = object(arg("lpNewRenderTarget"), "lpNewRenderTarget", Kind::Surface, false);
    const Surface7& s = surfaces_.at(target);
    const std::string size = std::to_string(s.width) + "x" + std::to_string(s.height);
    if (s.capture == "backbuffer") {
        const auto [w, h] = out_.surfaceSize("backbuffer");
        const json whole = {{"x", 0}, {"y", 0}, {"width", w}, {"height", h}, {"min_z", 0.0}, {"max_z", 1.0}};
        if (state_.viewport && *state_.viewport != whole)
            throw fail("sets the device's render target again while the viewport is not the whole target; whether "
                       "Direct3D 7 resets it there is not known to the importer");
        return;
    }
    const std::string what = s.chainIndex ? "back buffer " + std::to_string(s.chainIndex) + " of the flipping chain"
                             : s.primary  ? std::string("the primary surface")
                             : s.zbuffer  ? "a Z buffer (" + size + ")"
                             : s.texture  ? "a texture surface (" + size + ")"
                                          : "an offscreen surface (" + size + ")";
    throw fail("renders into " + what +
               ", not the surface the device was created on: a Direct3D 7 capture has that one render target, "
               "which the frame's Flip or Blt presents (scene format 2's surfaces start cleared, so the contents "
               "the program left in another surface cannot be carried)");
}

void D3D7::emitLighting(const SceneCommands& c) {
    for (const auto& [name, value] : c) emit(name, value);
}

json D3D7::stateNumber(const Value& value, bool isFloat) const {
    const auto v = value.integer();
    if (!v) throw fail("the state value is not an integer");
    if (isFloat) {
        const uint32_t bits = uint32_t(*v);
        float f;
        std::memcpy(&f, &bits, 4);
        if (!std::isfinite(f)) throw fail("a float state that is not finite");
        return double(f);
    }
    return uint32_t(*v);
}

void D3D7::prologue() {
    if (!device_) return;
    emitting_ = true;
    if (noDepth_) {
        // D3D7's ZENABLE starts TRUE only with a Z buffer attached to the
        // render target (D3DRENDERSTATE_ZENABLE; scene format 2 starts TRUE).
        emit("SetDepthStencilSurface", nullptr);
        if (!state_.renderStates.contains(zenableKey())) emit("SetRenderState", json{{zenableKey(), 0}});
    }
    if (state_.viewport) emit("SetViewport", *state_.viewport);
    if (!state_.renderStates.empty()) emit("SetRenderState", state_.renderStates);
    emitStageSamplerTransformState([this](const std::string& n, json v) { emit(n, std::move(v)); },
                                   state_.stageStates, state_.samplerStates, state_.transforms);
    lights_.writeState(out_);
}

}  // namespace refrast::apitrace::d3d7_import
