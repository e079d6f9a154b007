// SPDX-License-Identifier: MIT
#include "formats/scene/vertex_stream_json.h"

#include "formats/d3d/d3d_constants.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace refrast::scene_json {

namespace {

using Usage = VertexElement::Usage;

constexpr size_t kMaxVertices = size_t(1) << 26;

uint32_t fvfFlag(const std::string& token, const json::Node& node) {
    std::string t = token.rfind("D3DFVF_", 0) == 0 ? token.substr(7) : token;
    // D3DFVF_TEXCOORDSIZEn(i) (d3d9types.h): size code n at bits 16 + 2i; 2 is code 0.
    if (t.rfind("TEXCOORDSIZE", 0) == 0 && t.size() == 16 && t[13] == '(' && t[15] == ')') {
        const int n = t[12] - '0', i = t[14] - '0';
        const uint32_t code[5] = {0, 3, 0, 1, 2};
        if (n >= 1 && n <= 4 && i >= 0 && i <= 7) return code[n] << (16 + 2 * i);
    }
    if (auto v = d3d::valueOf("D3DFVF", "D3DFVF_" + t)) return uint32_t(*v);
    node.fail("unknown FVF flag \"" + token + "\" (expected D3DFVF_ names such as XYZ, XYZRHW, NORMAL, DIFFUSE, SPECULAR, TEX1, TEXCOORDSIZE3(0))");
}

}  // namespace

VertexLayout parseFvf(const json::Node& node) {
    uint32_t fvf = 0;
    if (node.isNumber()) {
        fvf = uint32_t(node.asInt(0, 0xFFFFFFFFll));
    } else {
        std::string s = node.asString(), token;
        for (size_t i = 0; i <= s.size(); ++i) {
            if (i == s.size() || s[i] == '|') {
                fvf |= fvfFlag(token, node);
                token.clear();
            } else if (s[i] != ' ') {
                token += s[i];
            }
        }
    }
    VertexLayout layout;
    layout.set = true;
    int offset = 0;
    auto add = [&](Usage u, int components, bool color, int set = 0, bool ubyte4 = false) {
        layout.elements.push_back({0, offset, components, color, u, set, ubyte4});
        offset += layout.elements.back().bytes();
    };
    const auto hex = [](uint32_t v) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "0x%X", v);
        return std::string(buf);
    };
    const auto fvfValue = [](const char* name) { return uint32_t(*d3d::valueOf("D3DFVF", name)); };
    const uint32_t positionMask = fvfValue("D3DFVF_POSITION_MASK");
    const uint32_t lastBetaUbyte4 = fvfValue("D3DFVF_LASTBETA_UBYTE4"), lastBetaColor = fvfValue("D3DFVF_LASTBETA_D3DCOLOR");
    const uint32_t position = fvf & positionMask;
    int betas = 0;  // XYZB1..XYZB5: position then 1..5 floats ("beta" weights)
    for (int b = 1; b <= 5; ++b)
        if (position == fvfValue(("D3DFVF_XYZB" + std::to_string(b)).c_str())) betas = b;
    if (position == fvfValue("D3DFVF_XYZ")) add(Usage::Position, 3, false);
    else if (position == fvfValue("D3DFVF_XYZRHW")) add(Usage::PositionT, 4, false);
    else if (position == fvfValue("D3DFVF_XYZW")) add(Usage::Position, 4, false);
    else if (betas > 0) {
        add(Usage::Position, 3, false);
        // LASTBETA_UBYTE4 / LASTBETA_D3DCOLOR: the last beta holds the matrix
        // indices; the others are weights (at most 4 are kept: VERTEXBLEND reads 3).
        const bool indices = fvf & (lastBetaUbyte4 | lastBetaColor);
        const int weights = indices ? betas - 1 : betas;
        const int betaStart = offset;
        if (weights > 0) add(Usage::BlendWeight, std::min(weights, 4), false);
        offset = betaStart + 4 * weights;
        if (indices) add(Usage::BlendIndices, 4, (fvf & lastBetaColor) != 0, 0, (fvf & lastBetaUbyte4) != 0);
    } else if (position == 0) node.fail("the FVF " + hex(fvf) + " has no position");
    else node.fail("unsupported FVF " + hex(fvf) + ": unknown position type");
    if ((fvf & lastBetaUbyte4) && (fvf & lastBetaColor))
        node.fail("the FVF " + hex(fvf) + " sets both LASTBETA_UBYTE4 and LASTBETA_D3DCOLOR");
    if ((fvf & (lastBetaUbyte4 | lastBetaColor)) && betas == 0)
        node.fail("the FVF " + hex(fvf) + " sets LASTBETA_UBYTE4 / LASTBETA_D3DCOLOR without XYZB1..XYZB5");
    if (fvf & 0x0010) add(Usage::Normal, 3, false);
    if (fvf & 0x0020) node.fail("unsupported FVF " + hex(fvf) + ": per-vertex point size (PSIZE) is not implemented");
    if (fvf & 0x0040) add(Usage::Diffuse, 4, true);
    if (fvf & 0x0080) add(Usage::Specular, 4, true);
    const int texCount = int(fvf >> 8 & 0xF);
    if (texCount > 8) node.fail("the FVF " + hex(fvf) + " declares " + std::to_string(texCount) + " texture coordinate sets (at most 8)");
    for (int i = 0; i < texCount; ++i) {
        const int code = int(fvf >> (16 + 2 * i) & 3);
        const int sizes[4] = {2, 3, 4, 1};  // D3DFVF_TEXTUREFORMAT2, 3, 4, 1
        add(Usage::Texcoord, sizes[code], false, i);
    }
    return layout;
}

VertexLayout parseVertexDeclaration(const json::Node& node) {
    VertexLayout layout;
    layout.set = true;
    bool position = false;
    for (const json::Node& e : node.asArray(1, 64)) {
        json::Object o(e);
        VertexElement el;
        el.stream = int(o.required("stream").asInt(0, kMaxStreams - 1));
        el.offset = int(o.required("offset").asInt(0, 4096));
        json::Node typeNode = o.required("type");
        const int type = typeNode.kind("declaration type", "D3DDECLTYPE").asEnum<int>(
            {{"FLOAT1", 1}, {"FLOAT2", 2}, {"FLOAT3", 3}, {"FLOAT4", 4}, {"D3DCOLOR", 5}, {"UBYTE4", 6}});
        el.components = type >= 5 ? 4 : type;
        el.color = type == 5;
        el.ubyte4 = type == 6;
        json::Node usageNode = o.required("usage");
        const int usage = usageNode.kind("declaration usage", "D3DDECLUSAGE").asEnum<int>(
            {{"POSITION", 0}, {"BLENDWEIGHT", 1}, {"BLENDINDICES", 2}, {"NORMAL", 3}, {"TEXCOORD", 5}, {"POSITIONT", 9},
             {"COLOR", 10}});
        if (el.ubyte4 && usage != 2) e.fail("UBYTE4 is for BLENDINDICES only");
        int index = 0;
        if (auto n = o.optional("usage_index")) index = int(n->asInt(0, 7));
        o.finish();
        switch (usage) {
            case 0:
            case 9:
                if (index != 0 || position) e.fail("a declaration has one position (POSITION or POSITIONT, usage_index 0)");
                if (el.color || el.components < 3) e.fail("a position is FLOAT3 or FLOAT4");
                el.usage = usage == 9 ? Usage::PositionT : Usage::Position;
                if (usage == 9 && el.components != 4) e.fail("POSITIONT is FLOAT4 (x, y, z, rhw)");
                position = true;
                break;
            case 1:
                if (index != 0 || el.color) e.fail("BLENDWEIGHT is FLOAT1..FLOAT4, usage_index 0");
                el.usage = Usage::BlendWeight;
                break;
            case 2:
                if (index != 0 || !(el.color || el.ubyte4)) e.fail("BLENDINDICES is UBYTE4 or D3DCOLOR, usage_index 0");
                el.usage = Usage::BlendIndices;
                break;
            case 3:
                if (el.color || el.components != 3) e.fail("NORMAL is FLOAT3");
                el.usage = Usage::Normal;
                break;
            case 10:
                if (index > 1) e.fail("COLOR usage_index is 0 (diffuse) or 1 (specular)");
                el.usage = index == 0 ? Usage::Diffuse : Usage::Specular;
                break;
            default:
                if (el.color) e.fail("TEXCOORD is FLOAT1..FLOAT4");
                el.usage = Usage::Texcoord;
                el.set = index;
                break;
        }
        for (const VertexElement& other : layout.elements)
            if (other.usage == el.usage && other.set == el.set)
                e.fail("the declaration names this usage twice");
        layout.elements.push_back(el);
    }
    if (!position) node.fail("the declaration has no POSITION or POSITIONT element");
    return layout;
}

namespace {

void reserve(const VertexLayout& layout, size_t count, VertexData& out) {
    out.count = count;
    out.pretransformed = false;
    for (const VertexElement& e : layout.elements) {
        switch (e.usage) {
            case Usage::Position: out.position.assign(count, Vec4(0, 0, 0, 1)); break;
            case Usage::PositionT:
                out.position.assign(count, Vec4(0, 0, 0, 1));
                out.pretransformed = true;
                break;
            case Usage::Normal: out.normal.assign(count, Vec3(0, 0, 0)); break;
            case Usage::Diffuse: out.diffuse.assign(count, Vec4(0, 0, 0, 0)); break;
            case Usage::Specular: out.specular.assign(count, Vec4(0, 0, 0, 0)); break;
            case Usage::Texcoord:
                out.texcoord[size_t(e.set)].assign(count, Vec4(0, 0, 0, 1));
                out.texcoordSize[size_t(e.set)] = uint8_t(e.components);
                break;
            case Usage::BlendWeight:
                out.blendWeight.assign(count, Vec4(0, 0, 0, 0));
                out.blendWeightCount = uint8_t(e.components);
                break;
            case Usage::BlendIndices: out.blendIndices.assign(count, 0); break;
        }
    }
}

// Matrix indices from an element's 4 bytes: UBYTE4 index k = byte k; a
// D3DCOLOR (bytes B, G, R, A) reads as (R, G, B, A), so index 0 is byte 2.
uint32_t blendIndicesOf(const VertexElement& e, const uint8_t* p) {
    if (e.color) return uint32_t(p[2]) | uint32_t(p[1]) << 8 | uint32_t(p[0]) << 16 | uint32_t(p[3]) << 24;
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

// Stores one element's value for vertex i; `v` holds the floats read (a
// D3DCOLOR already decoded to c8 / 255 per channel, RGBA).
void store(const VertexElement& e, size_t i, const Vec4& v, VertexData& out) {
    switch (e.usage) {
        case Usage::Position:
        case Usage::PositionT:
            for (int c = 0; c < e.components; ++c) out.position[i][c] = v[c];
            break;
        case Usage::Normal: out.normal[i] = Vec3(v[0], v[1], v[2]); break;
        case Usage::Diffuse: out.diffuse[i] = v; break;
        case Usage::Specular: out.specular[i] = v; break;
        case Usage::Texcoord:
            for (int c = 0; c < e.components; ++c) out.texcoord[size_t(e.set)][i][c] = v[c];
            break;
        case Usage::BlendWeight:
            for (int c = 0; c < e.components; ++c) out.blendWeight[i][c] = v[c];
            break;
        case Usage::BlendIndices: break;  // stored by the caller from the raw bytes (blendIndicesOf)
    }
}

Vec4 decodeColor(uint32_t argb) {  // 0xAARRGGBB -> RGBA, c8 / 255 exactly (as version 1)
    return Vec4(float((argb >> 16) & 0xFF) / 255.0f, float((argb >> 8) & 0xFF) / 255.0f, float(argb & 0xFF) / 255.0f,
                float(argb >> 24) / 255.0f);
}

void checkVertex(const VertexData& out, size_t i, const json::Node& where, int64_t number) {
    const std::string which = "vertex " + std::to_string(number);
    if (!out.position[i].allFinite()) where.fail(which + " has a position that is not finite (NaN or infinity)");
    if (out.pretransformed && out.position[i].w() < 0.0f) where.fail(which + " has a negative rhw");
    auto finite = [](const Vec4& v) { return v.allFinite(); };
    if (!out.normal.empty() && !out.normal[i].allFinite()) where.fail(which + " has a normal that is not finite");
    for (const auto& set : out.texcoord)
        if (!set.empty() && !finite(set[i])) where.fail(which + " has a texture coordinate that is not finite");
    if (!out.blendWeight.empty() && !finite(out.blendWeight[i])) where.fail(which + " has a blend weight that is not finite");
    if ((!out.diffuse.empty() && !finite(out.diffuse[i])) || (!out.specular.empty() && !finite(out.specular[i])))
        where.fail(which + " has a colour that is not finite");
}

}  // namespace

void fetchStreamVertices(const VertexLayout& layout, const std::array<StreamBinding, kMaxStreams>& streams,
                         const Context& ctx, int64_t first, size_t count, const json::Node& where, VertexData& out) {
    if (first < 0) where.fail("the first vertex read, " + std::to_string(first) + ", is negative");
    if (count > kMaxVertices) where.fail("draws " + std::to_string(count) + " vertices (at most 2^26)");
    reserve(layout, count, out);
    for (const VertexElement& e : layout.elements) {
        const StreamBinding& s = streams[size_t(e.stream)];
        if (s.buffer < 0) where.fail("stream " + std::to_string(e.stream) + " has no SetStreamSource");
        const std::vector<uint8_t>& bytes = ctx.buffers[size_t(s.buffer)].bytes;
        // Sizes fit easily in 64 bits: first < 2^40 + 2^32, stride <= 2048, count <= 2^26.
        const uint64_t end = s.offset + uint64_t(first + int64_t(count) - 1) * s.stride + uint64_t(e.offset + e.bytes());
        if (count > 0 && end > bytes.size())
            where.fail("vertices " + std::to_string(first) + ".." + std::to_string(first + int64_t(count) - 1) +
                       " of stream " + std::to_string(e.stream) + " read bytes up to " + std::to_string(end) +
                       " of buffer " + std::to_string(s.buffer) + ", which holds " + std::to_string(bytes.size()));
        for (size_t i = 0; i < count; ++i) {
            const uint8_t* p = &bytes[s.offset + (uint64_t(first) + i) * s.stride + uint64_t(e.offset)];
            if (e.usage == Usage::BlendIndices) {
                out.blendIndices[i] = blendIndicesOf(e, p);
                continue;
            }
            Vec4 v(0, 0, 0, 1);
            if (e.color) {
                v = Vec4(float(p[2]) / 255.0f, float(p[1]) / 255.0f, float(p[0]) / 255.0f, float(p[3]) / 255.0f);
            } else {
                for (int c = 0; c < e.components; ++c) std::memcpy(&v[c], p + 4 * c, 4);  // little-endian host
            }
            store(e, i, v, out);
        }
    }
    for (size_t i = 0; i < count; ++i) checkVertex(out, i, where, first + int64_t(i));
}

void parseInlineVertices(const VertexLayout& layout, const json::Node& node, VertexData& out) {
    int fields = 0;
    for (const VertexElement& e : layout.elements) {
        if (e.stream != 0) node.fail("an inline (…UP) draw reads stream 0 only; the declaration uses stream " + std::to_string(e.stream));
        fields += e.color ? 1 : e.components;  // UBYTE4: four integers
    }
    const std::vector<json::Node> vertices = node.asArray(1, kMaxVertices);
    reserve(layout, vertices.size(), out);
    for (size_t i = 0; i < vertices.size(); ++i) {
        const std::vector<json::Node> values = vertices[i].asArray(size_t(fields), size_t(fields));
        size_t at = 0;
        for (const VertexElement& e : layout.elements) {
            if (e.usage == Usage::BlendIndices) {
                uint8_t b[4];
                if (e.color) {  // 0xAARRGGBB as the little-endian bytes B, G, R, A
                    const uint32_t c = values[at++].asColor32();
                    for (int k = 0; k < 4; ++k) b[k] = uint8_t(c >> (8 * k));
                } else {
                    for (int k = 0; k < 4; ++k) b[k] = uint8_t(values[at++].asInt(0, 255));
                }
                out.blendIndices[i] = blendIndicesOf(e, b);
                continue;
            }
            Vec4 v(0, 0, 0, 1);
            if (e.color) v = decodeColor(values[at++].asColor32());
            else
                for (int c = 0; c < e.components; ++c) v[c] = values[at++].asFloat();
            store(e, i, v, out);
        }
        checkVertex(out, i, vertices[i], int64_t(i));
    }
}

std::vector<uint32_t> fetchIndices(const IndexBinding& ib, const Context& ctx, size_t start, size_t count,
                                   const json::Node& where) {
    if (ib.buffer < 0) where.fail("an indexed draw needs SetIndices first");
    const std::vector<uint8_t>& bytes = ctx.buffers[size_t(ib.buffer)].bytes;
    const uint64_t end = ib.offset + (uint64_t(start) + count) * uint64_t(ib.bytes);
    if (end > bytes.size())
        where.fail("indices " + std::to_string(start) + ".." + std::to_string(start + count) + " read bytes up to " +
                   std::to_string(end) + " of buffer " + std::to_string(ib.buffer) + ", which holds " +
                   std::to_string(bytes.size()));
    std::vector<uint32_t> out(count);
    for (size_t i = 0; i < count; ++i) {
        const uint8_t* p = &bytes[ib.offset + (start + i) * size_t(ib.bytes)];
        out[i] = ib.bytes == 2 ? uint32_t(p[0] | p[1] << 8) : uint32_t(p[0] | p[1] << 8 | p[2] << 16) | uint32_t(p[3]) << 24;
    }
    return out;
}

}  // namespace refrast::scene_json
