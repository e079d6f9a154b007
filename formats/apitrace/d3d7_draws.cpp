// SPDX-License-Identifier: MIT
// IDirect3D7::CreateVertexBuffer with Lock/Unlock, and the IDirect3DDevice7
// draws: DrawPrimitive and DrawIndexedPrimitive (inline vertices decoded by
// their FVF, fvf_vertices.h) and their VB forms (the vertex buffer as stream
// 0, the index list as a buffer of its own), each after SetFVF and the
// textures it samples.
#include "formats/apitrace/d3d7_device_model.h"

#include "formats/apitrace/fvf_vertices.h"
#include "formats/d3d/d3d_constants.h"

namespace refrast::apitrace::d3d7_import {

namespace {

uint64_t primitiveCount(const std::string& prim, uint64_t n) {
    if (prim == "D3DPT_TRIANGLELIST") return n / 3;
    if (prim == "D3DPT_TRIANGLESTRIP" || prim == "D3DPT_TRIANGLEFAN") return n >= 2 ? n - 2 : 0;
    if (prim == "D3DPT_LINELIST") return n / 2;
    if (prim == "D3DPT_LINESTRIP") return n >= 1 ? n - 1 : 0;
    return n;  // D3DPT_POINTLIST
}

}  // namespace

void D3D7::createVertexBuffer() {
    const Value* d = arg("lpD3DVertBufDesc").pointee();
    if (!d) throw fail("lpD3DVertBufDesc is NULL");
    VertexBuffer7 vb;
    vb.fvf = uint32_t(memberInt(*d, "dwFVF"));
    const FvfLayout l = fvfLayout(vb.fvf);
    if (!l.error.empty()) throw fail("the FVF " + l.error);
    vb.stride = l.bytes;
    const int64_t n = memberInt(*d, "dwNumVertices");
    if (n < 1 || n > (int64_t(1) << 30) || uint64_t(n) * vb.stride > (uint64_t(1) << 30)) throw fail("dwNumVertices outside 1..1 GiB of vertices");
    charge(uint64_t(n) * vb.stride);
    vb.bytes.assign(size_t(uint64_t(n) * vb.stride), 0);
    vbs_[create(outPointer("lplpD3DVertBuf"), Kind::VertexBuffer)] = std::move(vb);
}

void D3D7::vertexBuffer(const std::string& m) {
    VertexBuffer7& vb = vbs_.at(self(Kind::VertexBuffer));
    if (m == "Lock") {
        if (failed()) return;
        LockRegion l;
        l.base = outPointer("lplpData");
        l.size = vb.bytes.size();
        vb.lock = l;
        return;
    }
    if (m == "Unlock") return vb.lock.reset();
    if (ignorable(m)) return;
    unsupported();
}

void D3D7::bindTextures() {
    for (size_t s = 0; s < 8; ++s) {
        json name = nullptr;
        const uint64_t bound = state_.textures[s].value_or(0);
        if (bound) {
            const Surface7& t = surfaces_.at(bound);
            const uint32_t fourcc = uint32_t(refrast::d3d::valueOf("D3DFORMAT", t.format).value());
            charge(0);
            name = out_.texture(bound, t.gen, encodeDds(fourcc, t.levels));
        }
        if ((!emittedTextures_[s] && !name.is_null()) || (emittedTextures_[s] && *emittedTextures_[s] != name)) {
            out_.command("SetTexture", json{{"stage", s}, {"texture", name}});
            emittedTextures_[s] = name;
        }
    }
}

void D3D7::draw(const std::string& m) {
    if (!emitting_) return;
    const std::string prim = enumName(arg("d3dptPrimitiveType"));
    if (prim.empty()) throw fail("primitive type " + formatValue(arg("d3dptPrimitiveType")) + " is unknown");
    const bool vb = m == "DrawPrimitiveVB" || m == "DrawIndexedPrimitiveVB";
    if (!vb && m != "DrawPrimitive" && m != "DrawIndexedPrimitive") unsupported();  // strided draws
    uint32_t fvf;
    const VertexBuffer7* buffer = nullptr;
    uint64_t bufferId = 0;
    if (vb) {
        bufferId = object(arg("lpD3DVertexBuf"), "lpD3DVertexBuf", Kind::VertexBuffer, false);
        buffer = &vbs_.at(bufferId);
        if (buffer->lock) throw fail("draws from a locked vertex buffer");
        fvf = buffer->fvf;
    } else {
        fvf = uint32_t(integer("d3dvtVertexType"));
    }
    ++draws_;
    bindTextures();
    if (emittedFvf_ != fvf) {
        out_.command("SetFVF", fvf);
        emittedFvf_ = fvf;
    }
    json j = {{"name", "call " + std::to_string(call_->no)}, {"primitive", prim}};
    const bool indexed = m.find("Indexed") != std::string::npos;
    std::vector<uint8_t> indices;
    uint64_t indexCount = 0;
    if (indexed) {
        const Value& ix = arg("lpwIndices");
        if (ix.type != Value::Type::Blob) throw fail("lpwIndices is not recorded as a blob");
        indexCount = uint64_t(integer("dwIndexCount"));
        if (indexCount * 2 > ix.bytes.size()) throw fail("dwIndexCount exceeds the recorded indices");
        indices.assign(ix.bytes.begin(), ix.bytes.begin() + std::ptrdiff_t(indexCount * 2));
    }
    if (vb) {
        const uint64_t start = uint64_t(integer("dwStartVertex")), count = uint64_t(integer("dwNumVertices"));
        charge(0);
        const size_t index = out_.buffer(bufferId, buffer->gen, buffer->bytes);
        out_.command("SetStreamSource", json{{"stream", 0}, {"buffer", index}, {"offset", 0}, {"stride", buffer->stride}});
        if (!indexed) {
            j["start_vertex"] = start;
            j["primitive_count"] = primitiveCount(prim, count);
            return out_.command("DrawPrimitive", j);
        }
        // The index list becomes a buffer of its own (one per draw).
        const size_t ib = out_.buffer(~uint64_t(0) - call_->no, 0, indices);
        out_.command("SetIndices", json{{"buffer", ib}, {"offset", 0}, {"format", "INDEX16"}});
        j["base_vertex_index"] = start;
        j["min_index"] = 0;
        j["num_vertices"] = count;
        j["start_index"] = 0;
        j["primitive_count"] = primitiveCount(prim, indexCount);
        return out_.command("DrawIndexedPrimitive", j);
    }
    const Value& data = arg("lpvVertices");
    if (data.type != Value::Type::Blob) throw fail("lpvVertices is not recorded as a blob");
    const uint64_t count = uint64_t(integer("dwVertexCount"));
    const FvfLayout l = fvfLayout(fvf);
    if (!l.error.empty()) throw fail("the FVF " + l.error);
    charge(count > (uint64_t(1) << 32) ? ~uint64_t(0) : count * 64);  // inline vertices as JSON text
    try {
        j["vertices"] = fvfVertices(fvf, data.bytes, l.bytes, count);
    } catch (const std::runtime_error& e) {
        throw fail(e.what());
    }
    if (!indexed) {
        j["primitive_count"] = primitiveCount(prim, count);
        return out_.command("DrawPrimitiveUP", j);
    }
    json list = json::array();
    for (uint64_t k = 0; k < indexCount; ++k) list.push_back(uint32_t(indices[2 * k]) | uint32_t(indices[2 * k + 1]) << 8);
    j["min_index"] = 0;
    j["num_vertices"] = count;
    j["primitive_count"] = primitiveCount(prim, indexCount);
    j["indices"] = list;
    out_.command("DrawIndexedPrimitiveUP", j);
}

}  // namespace refrast::apitrace::d3d7_import
