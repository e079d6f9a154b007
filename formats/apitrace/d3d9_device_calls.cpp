// SPDX-License-Identifier: MIT
// Direct3D 9 device calls that set state (render, stage and sampler states,
// transforms, viewport, bindings, lights), Clear and the copies, and the
// prologue that writes the accumulated state at the frame's first call.
#include "formats/apitrace/opening_state.h"
#include "formats/apitrace/d3d9_device_model.h"

#include "formats/apitrace/d3d9_names.h"
#include "formats/d3d/d3d_constants.h"
#include "formats/scene/vertex_stream_json.h"

#include <cmath>
#include <cstring>

namespace refrast::apitrace::d3d9_import {

json D3D9::stateValue(const std::string& name, const Value& v) const {
    const auto x = v.integer();
    if (!x) throw fail("Value = " + formatValue(v) + " is not an integer");
    // Float states arrive as their raw bits (apitrace records the DWORD).
    if (isFloatState(name)) {
        const uint32_t bits = uint32_t(*x);
        float f;
        std::memcpy(&f, &bits, 4);
        if (!std::isfinite(f)) throw fail(name + " = " + std::to_string(bits) + " is not a finite float");
        return double(f);
    }
    return uint32_t(*x);
}

void D3D9::renderState() {
    const std::string name = enumName(arg("State"));
    const std::string key = name.empty() ? std::to_string(integer("State")) : name;
    const json value = stateValue(key, arg("Value"));
    state_.renderStates[key] = value;
    emit("SetRenderState", json{{key, value}});
}

void D3D9::textureStageState() {
    const int64_t stage = integer("Stage");
    if (stage < 0 || stage > 7) throw fail("Stage " + std::to_string(stage) + " outside 0..7");
    const std::string name = enumName(arg("Type"));
    const std::string key = name.empty() ? std::to_string(integer("Type")) : name;
    const json value = stateValue(key, arg("Value"));
    state_.stageStates[size_t(stage)][key] = value;
    emit("SetTextureStageState", json{{"stage", stage}, {key, value}});
}

void D3D9::samplerState() {
    const int64_t sampler = integer("Sampler");
    if (sampler < 0 || sampler > 15)
        throw fail("Sampler " + std::to_string(sampler) + ": displacement-map and vertex samplers are not supported");
    if (sampler > 7) throw fail("Sampler " + std::to_string(sampler) + " outside the 8 fixed-function stages");
    const std::string name = enumName(arg("Type"));
    const std::string key = name.empty() ? std::to_string(integer("Type")) : name;
    const json value = stateValue(key, arg("Value"));
    state_.samplerStates[size_t(sampler)][key] = value;
    emit("SetSamplerState", json{{"sampler", sampler}, {key, value}});
}

void D3D9::prologue() {
    if (!device_) return;  // the frame itself creates the device
    emitting_ = true;
    if (rt0_ != "backbuffer") emit("SetRenderTarget", json{{"index", 0}, {"surface", rt0_}});
    if (ds_ != defaultDs_)
        emit("SetDepthStencilSurface", ds_.empty() ? json(nullptr) : json(ds_));
    if (state_.viewport) emit("SetViewport", *state_.viewport);
    if (state_.scissor) emit("SetScissorRect", *state_.scissor);
    if (!state_.renderStates.empty()) emit("SetRenderState", state_.renderStates);
    emitStageSamplerTransformState([this](const std::string& n, json v) { emit(n, std::move(v)); }, state_.stageStates,
                                   state_.samplerStates, state_.transforms);
    if (state_.layout) emitLayout(*state_.layout, state_.decl);
    state_.lights.writeState(out_);
}

void D3D9::clear() {
    json j;
    j["flags"] = uint32_t(integer("Flags"));
    j["color"] = uint32_t(integer("Color"));
    const float z = floatArg("Z");
    if (!(z >= 0.0f && z <= 1.0f)) throw fail("Z outside 0..1");
    j["z"] = double(z);
    j["stencil"] = uint32_t(integer("Stencil")) & 0xffu;
    const int64_t count = integer("Count");
    const Value& rects = arg("pRects");
    if (count > 0 && rects.type == Value::Type::Array) {
        if (rects.items.size() != uint64_t(count)) throw fail("Count differs from the rectangles recorded");
        json list = json::array();
        for (const Value& r : rects.items) {
            auto m = [&](const char* k) {
                const Value* v = r.member(k);
                if (!v || !v->integer()) throw fail(std::string("a rectangle lacks ") + k);
                return *v->integer();
            };
            list.push_back({m("x1"), m("y1"), m("x2"), m("y2")});
        }
        j["rects"] = list;
    }
    emit("Clear", j);
}

void D3D9::device(const std::string& m) {
    if (self(Kind::Device) != device_) throw fail("a device the importer does not follow");
    if (recording_ && isRecordable(m)) {
        // D3D9 only records these between BeginStateBlock and EndStateBlock.
        recording_->push_back(*call_);
        return;
    }
    if (m == "CreateVertexBuffer") return succeeded() ? createBuffer(false) : void();
    if (m == "CreateIndexBuffer") return succeeded() ? createBuffer(true) : void();
    if (m == "CreateTexture") return succeeded() ? createTexture() : void();
    if (m == "CreateCubeTexture") return succeeded() ? createCubeTexture() : void();
    if (m == "CreateRenderTarget" || m == "CreateDepthStencilSurface" || m == "CreateOffscreenPlainSurface" ||
        m == "CreateRenderTargetEx" || m == "CreateDepthStencilSurfaceEx" || m == "CreateOffscreenPlainSurfaceEx")
        return succeeded() ? createSurface(m.substr(0, m.size() - (m.back() == 'x' && m.rfind("Ex") == m.size() - 2 ? 2 : 0))) : void();
    if (m == "CreateVertexShader" || m == "CreatePixelShader") {
        if (succeeded()) create(outPointer("ppShader"), m == "CreateVertexShader" ? Kind::VertexShader : Kind::PixelShader);
        return;
    }
    if (m == "CreateVertexDeclaration") {
        if (!succeeded()) return;
        const uint64_t id = create(outPointer("ppDecl"), Kind::VertexDecl);
        json elements = json::array();
        const Value& list = arg("pVertexElements");
        for (const Value& e : list.items) {
            auto m2 = [&](const char* k) -> const Value& {
                const Value* v = e.member(k);
                if (!v) throw fail(std::string("a vertex element lacks ") + k);
                return *v;
            };
            const int64_t stream = m2("Stream").integer().value_or(0);
            if (stream == 0xff) break;  // D3DDECL_END
            const std::string method = enumName(m2("Method"));
            if (method != "D3DDECLMETHOD_DEFAULT" && unreadableDeclarations_.find(id) == unreadableDeclarations_.end())
                unreadableDeclarations_[id] = {call_->no, "element " + std::to_string(elements.size()) + " uses " +
                                                              (method.empty() ? formatValue(m2("Method")) : method) +
                                                              ", data the tessellator makes, which refrast does not have"};
            elements.push_back({{"stream", stream}, {"offset", m2("Offset").integer().value_or(0)},
                                {"type", stripPrefix(enumName(m2("Type")), "D3DDECLTYPE_")},
                                {"usage", stripPrefix(enumName(m2("Usage")), "D3DDECLUSAGE_")},
                                {"usage_index", m2("UsageIndex").integer().value_or(0)}});
        }
        declarations_[id] = elements;
        // Read as the capture's loader will (one reader of declarations):
        // what it refuses, an FFP draw under it refuses with the call.
        if (!unreadableDeclarations_.count(id)) {
            const std::string where = "";
            // Enum names come from the trace's own bytes, which need not be
            // UTF-8 (a fuzzed trace threw here): invalid bytes become U+FFFD,
            // and the declaration reader then refuses the name as unsupported.
            const nlohmann::json plain = nlohmann::json::parse(
                elements.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
            try {
                (void)scene_json::parseVertexDeclaration(refrast::json::Node(plain, "", where));
            } catch (const InputError& e) {
                std::string what = e.what();
                if (what.rfind("<input>: ", 0) == 0) what = what.substr(9);
                unreadableDeclarations_[id] = {call_->no, what};
            }
        }
        return;
    }
    if (m == "GetBackBuffer") return aliasSurface("ppBackBuffer", "backbuffer");
    if (m == "GetRenderTarget") return aliasSurface("ppRenderTarget", rt0_);
    if (m == "GetDepthStencilSurface") return aliasSurface("ppZStencilSurface", ds_);
    if (m == "SetRenderState") return renderState();
    if (m == "SetTextureStageState") return textureStageState();
    if (m == "SetSamplerState") return samplerState();
    if (m == "Clear") return clear();
    if (m == "SetTransform") {
        const Value* mat = arg("pMatrix").pointee();
        const Value* rows = mat ? mat->member("m") : nullptr;
        json matrix = json::array();
        if (!rows || rows->items.size() != 4) throw fail("pMatrix holds no 4x4 matrix");
        for (const Value& row : rows->items) {
            if (row.items.size() != 4) throw fail("pMatrix holds no 4x4 matrix");
            for (const Value& x : row.items) {
                if (x.type != Value::Type::Float || !std::isfinite(x.f)) throw fail("pMatrix has a non-finite element");
                matrix.push_back(double(x.f));
            }
        }
        const int64_t state = integer("State");
        state_.transforms[state] = matrix;
        return emit("SetTransform", json{{"state", state}, {"matrix", matrix}});
    }
    if (m == "SetViewport") {
        const Value* vp = arg("pViewport").pointee();
        if (!vp) throw fail("pViewport is NULL");
        auto g = [&](const char* k) -> const Value& {
            const Value* v = vp->member(k);
            if (!v) throw fail(std::string("pViewport lacks ") + k);
            return *v;
        };
        json j = {{"x", g("X").integer().value_or(0)}, {"y", g("Y").integer().value_or(0)},
                  {"width", g("Width").integer().value_or(0)}, {"height", g("Height").integer().value_or(0)},
                  {"min_z", double(g("MinZ").f)}, {"max_z", double(g("MaxZ").f)}};
        state_.viewport = j;
        return emit("SetViewport", j);
    }
    if (m == "SetScissorRect") {
        const Value* r = arg("pRect").pointee();
        if (!r) throw fail("pRect is NULL");
        const json j = rectSides(*r, "pRect");
        state_.scissor = j;
        return emit("SetScissorRect", j);
    }
    if (m == "SetFVF") {
        state_.fvf = uint32_t(integer("FVF"));
        state_.decl = 0;
        state_.layout = json{{"SetFVF", state_.fvf}};
        return emit("SetFVF", state_.fvf);
    }
    if (m == "SetVertexDeclaration") {
        state_.decl = object(arg("pDecl"), "pDecl", Kind::VertexDecl);
        if (!state_.decl) return;
        state_.fvf = 0;
        state_.layout = json{{"SetVertexDeclaration", declarations_.at(state_.decl)}};
        return emitLayout(*state_.layout, state_.decl);
    }
    if (m == "SetStreamSource") {
        const int64_t s = integer("StreamNumber");
        if (s < 0 || s > 15) throw fail("StreamNumber outside 0..15");
        state_.streams[size_t(s)] = {object(arg("pStreamData"), "pStreamData", Kind::VertexBuffer), uint64_t(integer("OffsetInBytes")),
                               uint64_t(integer("Stride"))};
        return;
    }
    if (m == "SetStreamSourceFreq") {
        if (integer("Setting") != 1) throw fail("instancing (a stream frequency other than 1) is not supported");
        return;
    }
    if (m == "SetIndices") {
        state_.indices = object(arg("pIndexData"), "pIndexData", Kind::IndexBuffer);
        return;
    }
    if (m == "SetTexture") {
        const int64_t stage = integer("Stage");
        if (stage < 0 || stage > 7) throw fail("Stage " + std::to_string(stage) + ": only the 8 fixed-function stages are supported");
        const Value& t = arg("pTexture");
        const Kind k = kindOf(t);
        if (t.pointer().value_or(0) && k != Kind::Texture && k != Kind::CubeTexture)
            throw fail(k == Kind::VolumeTexture ? "volume textures are not supported" : "pTexture is no texture the trace created");
        state_.textureBinds[size_t(stage)] = object(t, "pTexture", k == Kind::CubeTexture ? Kind::CubeTexture : Kind::Texture);
        return;
    }
    if (m == "SetRenderTarget") {
        if (integer("RenderTargetIndex") != 0) throw fail("multiple render targets (index > 0) are not supported");
        const uint64_t s = object(arg("pRenderTarget"), "pRenderTarget", Kind::Surface, false);
        rt0_ = surfaceName(s);
        state_.viewport.reset();  // D3D9 resets them to the new target
        state_.scissor.reset();
        return emit("SetRenderTarget", json{{"index", 0}, {"surface", rt0_}});
    }
    if (m == "SetDepthStencilSurface") {
        const uint64_t s = object(arg("pNewZStencil"), "pNewZStencil", Kind::Surface);
        ds_ = surfaceName(s);
        return emit("SetDepthStencilSurface", ds_.empty() ? json(nullptr) : json(ds_));
    }
    if (m == "SetVertexShader") {
        state_.vertexShader = object(arg("pShader"), "pShader", Kind::VertexShader);
        state_.vertexShaderCall = call_->no;
        return;
    }
    if (m == "SetPixelShader") {
        state_.pixelShader = object(arg("pShader"), "pShader", Kind::PixelShader);
        state_.pixelShaderCall = call_->no;
        return;
    }
    if (m == "SetVertexShaderConstantF" || m == "SetVertexShaderConstantI" || m == "SetVertexShaderConstantB" ||
        m == "SetPixelShaderConstantF" || m == "SetPixelShaderConstantI" || m == "SetPixelShaderConstantB")
        return;  // only shader draws read them, and those are refused or dropped
    if (m == "SetLight" || m == "LightEnable" || m == "SetMaterial" || m == "SetClipPlane") return lighting(m);
    if (m == "BeginStateBlock") return beginStateBlock();
    if (m == "EndStateBlock") return endStateBlock();
    if (m == "CreateStateBlock") return createStateBlock();
    if (m == "UpdateTexture") {
        const uint64_t src = object(arg("pSourceTexture"), "pSourceTexture", Kind::Texture, false);
        const uint64_t dst = object(arg("pDestinationTexture"), "pDestinationTexture", Kind::Texture, false);
        Texture& s = textures_.at(src);
        Texture& d = textures_.at(dst);
        if (s.format != d.format || s.levels.empty() || d.levels.empty()) throw fail("textures of different formats");
        // The destination's level 0 matches the source level of the same size.
        size_t first = 0;
        while (first < s.levels.size() && s.levels[first].width != d.levels[0].width) ++first;
        if (first + d.levels.size() > s.levels.size()) throw fail("the source lacks levels the destination has");
        for (size_t i = 0; i < d.levels.size(); ++i) d.levels[i].bytes = s.levels[first + i].bytes;
        d.gen = ++gen_;
        return;
    }
    if (m == "UpdateSurface") {
        const uint64_t src = object(arg("pSourceSurface"), "pSourceSurface", Kind::Surface, false);
        const uint64_t dst = object(arg("pDestinationSurface"), "pDestSurface", Kind::Surface, false);
        ImageLevel* s = surfaceImage(surfaces_.at(src));
        ImageLevel* d = surfaceImage(surfaces_.at(dst));
        if (!s || !d) throw fail("copies to or from a render target (not supported)");
        if (!arg("pSourceRect").isNull() || !arg("pDestPoint").isNull()) throw fail("partial UpdateSurface is not supported");
        if (s->bytes.size() != d->bytes.size() || s->layout.bytes != d->layout.bytes) throw fail("surfaces of different sizes or formats");
        d->bytes = s->bytes;
        if (surfaces_.at(dst).texture) textures_.at(surfaces_.at(dst).texture).gen = ++gen_;
        return;
    }
    if (m == "ColorFill") {
        const uint64_t s = object(arg("pSurface"), "pSurface", Kind::Surface, false);
        json j = {{"surface", surfaceName(s)}, {"color", uint32_t(integer("color"))}};
        if (const Value* r = arg("pRect").pointee())
            j["rect"] = rectSides(*r, "pRect");
        return emit("ColorFill", j);
    }
    if (m == "StretchRect") {
        const uint64_t src = object(arg("pSourceSurface"), "pSourceSurface", Kind::Surface, false);
        const uint64_t dst = object(arg("pDestSurface"), "pDestSurface", Kind::Surface, false);
        json j = {{"source", surfaceName(src)}, {"dest", surfaceName(dst)}, {"filter", stripPrefix(enumName(arg("Filter")), "D3DTEXF_")}};
        for (const char* k : {"pSourceRect", "pDestRect"})
            if (const Value* r = arg(k).pointee())
                j[std::string(k) == "pSourceRect" ? "source_rect" : "dest_rect"] = rectSides(*r, k);
        return emit("StretchRect", j);
    }
    if (m.rfind("Draw", 0) == 0) return draw(m);
    if (m == "SetSoftwareVertexProcessing" || m == "SetNPatchMode") {
        if (m == "SetNPatchMode" && floatArg("nSegments") != 0.0f) throw fail("N-patches are not supported");
        return;
    }
    unsupported();
}

// SetLight, LightEnable, SetMaterial, SetClipPlane: device state in scene
// format 2 (docs/fixed-function.md §16), written as they come.
void D3D9::lighting(const std::string& m) {
    if (!succeeded()) return;  // D3D9 rejected the light (attenuation, cone, range): nothing changed
    try {
        if (m == "SetLight") {
            const Value* light = arg("pLight").pointee();
            if (!light) throw fail("pLight is NULL");
            return emitLighting(state_.lights.setLight(integer("Index"), *light));
        }
        if (m == "LightEnable") return emitLighting(state_.lights.lightEnable(integer("Index"), integer("Enable") != 0));
        if (m == "SetMaterial") {
            const Value* material = arg("pMaterial").pointee();
            if (!material) throw fail("pMaterial is NULL");
            return emitLighting(state_.lights.setMaterial(*material));
        }
        const Value& plane = arg("pPlane");
        return emitLighting(state_.lights.setClipPlane(integer("Index"), plane.pointee() && plane.pointee()->type == Value::Type::Array
                                                                        ? *plane.pointee() : plane));
    } catch (const InputError&) {
        throw;
    } catch (const std::runtime_error& e) {
        throw fail(e.what());
    }
}

}  // namespace refrast::apitrace::d3d9_import
