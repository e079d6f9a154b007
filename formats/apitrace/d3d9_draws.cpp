// SPDX-License-Identifier: MIT
// Direct3D 9 draws: what each binds (streams, indices, textures, synced
// lazily into the command stream), shader draws refused or dropped, the
// inline vertices of the …UP draws.
#include "formats/apitrace/d3d9_device_model.h"

#include "formats/apitrace/d3d9_decl_vertices.h"
#include "formats/apitrace/fvf_vertices.h"

#include <cstring>

namespace refrast::apitrace::d3d9_import {

void D3D9::bindForDraw(bool usesStreams, bool indexed) {
    if (usesStreams) {
        for (size_t s = 0; s < state_.streams.size(); ++s) {
            const Stream& st = state_.streams[s];
            bool needed = s == 0;
            if (state_.decl)
                for (const auto& e : declarations_.at(state_.decl)) needed = needed || e["stream"] == s;
            if (!needed) continue;
            if (!st.buffer) {
                if (s == 0 || state_.decl) throw fail("draws from stream " + std::to_string(s) + ", which has no vertex buffer");
                continue;
            }
            const Buffer& b = buffers_.at(st.buffer);
            if (b.lock) throw fail("draws from a vertex buffer that is still locked");
            charge(0);
            const size_t index = out_.buffer(st.buffer, b.gen, b.bytes);
            json j = {{"stream", s}, {"buffer", index}, {"offset", st.offset}, {"stride", st.stride}};
            if (emittedStreams_[s] != j) {
                out_.command("SetStreamSource", j);
                emittedStreams_[s] = j;
            }
        }
    }
    if (indexed) {
        if (!state_.indices) throw fail("draws indexed with no index buffer set");
        const Buffer& b = buffers_.at(state_.indices);
        const size_t index = out_.buffer(state_.indices, b.gen, b.bytes);
        json j = {{"buffer", index}, {"offset", 0}, {"format", b.index32 ? "INDEX32" : "INDEX16"}};
        if (emittedIndices_ != j) {
            out_.command("SetIndices", j);
            emittedIndices_ = j;
        }
    }
    for (size_t s = 0; s < 8; ++s) {
        const json name = state_.textureBinds[s] ? json(textureName(state_.textureBinds[s])) : json(nullptr);
        const bool known = emittedTextures_[s].has_value();
        if ((!known && !name.is_null()) || (known && *emittedTextures_[s] != name)) {
            out_.command("SetTexture", json{{"stage", s}, {"texture", name}});
            emittedTextures_[s] = name;
        }
    }
}

void D3D9::draw(const std::string& m) {
    if (!emitting_) {
        if (m == "DrawPrimitiveUP" || m == "DrawIndexedPrimitiveUP") {
            state_.streams[0] = {};  // D3D9 unbinds stream 0 (and the indices) after a …UP draw
            if (m == "DrawIndexedPrimitiveUP") state_.indices = 0;
        }
        return;
    }
    const bool up = m == "DrawPrimitiveUP" || m == "DrawIndexedPrimitiveUP";
    if (state_.vertexShader || state_.pixelShader) {
        const bool vs = state_.vertexShader != 0;
        if (!options_.skipShaderDraws)
            throw fail(std::string("draws with the ") + (vs ? "vertex" : "pixel") + " shader set by call " +
                       std::to_string(vs ? state_.vertexShaderCall : state_.pixelShaderCall) + " (" +
                       (vs ? "SetVertexShader" : "SetPixelShader") +
                       "); refrast renders fixed-function draws only (--skip-shader-draws drops such draws)");
        ++dropped_;
        if (up) state_.streams[0] = {};
        return;
    }
    if (state_.decl)
        if (auto it = unreadableDeclarations_.find(state_.decl); it != unreadableDeclarations_.end())
            throw fail("draws with the vertex declaration made by call " + std::to_string(it->second.first) +
                       ", which refrast's fixed-function pipeline cannot take: " + it->second.second);
    const std::string prim = enumName(arg("PrimitiveType"));
    const json primitive = prim.empty() ? json(integer("PrimitiveType")) : json(prim);
    json j = {{"name", "call " + std::to_string(call_->no)}, {"primitive", primitive}};
    ++draws_;
    if (m == "DrawPrimitive") {
        bindForDraw(true, false);
        j["start_vertex"] = integer("StartVertex");
        j["primitive_count"] = integer("PrimitiveCount");
    } else if (m == "DrawIndexedPrimitive") {
        bindForDraw(true, true);
        j["base_vertex_index"] = integer("BaseVertexIndex");
        j["min_index"] = integer("MinVertexIndex");
        j["num_vertices"] = integer("NumVertices");
        j["start_index"] = integer("startIndex");
        j["primitive_count"] = integer("primCount");
    } else if (up) {
        bindForDraw(false, false);
        const int64_t count = integer("PrimitiveCount");
        j["primitive_count"] = count;
        const Value& data = arg("pVertexStreamZeroData");
        if (data.type != Value::Type::Blob) throw fail("pVertexStreamZeroData is not recorded as a blob");
        const uint64_t stride = uint64_t(integer("VertexStreamZeroStride"));
        if (stride == 0) throw fail("VertexStreamZeroStride is 0");
        uint64_t vertices = data.bytes.size() / stride;
        if (m == "DrawIndexedPrimitiveUP") {
            j["min_index"] = integer("MinVertexIndex");
            j["num_vertices"] = integer("NumVertices");
            const Value& idx = arg("pIndexData");
            if (idx.type != Value::Type::Blob) throw fail("pIndexData is not recorded as a blob");
            const bool i32 = enumName(arg("IndexDataFormat")) == "D3DFMT_INDEX32";
            json list = json::array();
            for (size_t k = 0; k + (i32 ? 4 : 2) <= idx.bytes.size(); k += i32 ? 4 : 2) {
                uint32_t x = 0;
                std::memcpy(&x, idx.bytes.data() + k, i32 ? 4 : 2);
                list.push_back(x);
            }
            j["indices"] = list;
        } else if (data.bytes.size() % stride) {
            vertices = data.bytes.size() / stride + 1;  // the last vertex may omit the stride's padding
        }
        charge(vertices * 64);  // inline vertices as JSON text
        try {
            j["vertices"] = state_.decl ? declVertices(declarations_.at(state_.decl), data.bytes, stride, vertices)
                                        : fvfVertices(state_.fvf, data.bytes, stride, vertices);
        } catch (const std::runtime_error& e) {
            throw fail(e.what());
        }
        // D3D9 leaves stream 0 and the indices unbound after a …UP draw.
        state_.streams[0] = {};
        emittedStreams_[0].reset();
        if (m == "DrawIndexedPrimitiveUP") {
            state_.indices = 0;
            emittedIndices_.reset();
        }
    } else {
        unsupported();  // DrawRectPatch, DrawTriPatch
    }
    out_.command(m, j);
}

}  // namespace refrast::apitrace::d3d9_import
