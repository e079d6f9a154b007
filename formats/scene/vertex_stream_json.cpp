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
    auto add = [&](Usage u, ElementType type, int set = 0) {
        layout.elements.push_back({0, offset, type, u, set});
        offset += layout.elements.back().bytes();
    };
    const ElementType floats[5] = {ElementType::Float1, ElementType::Float1, ElementType::Float2, ElementType::Float3,
                                   ElementType::Float4};
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
    if (position == fvfValue("D3DFVF_XYZ")) add(Usage::Position, ElementType::Float3);
    else if (position == fvfValue("D3DFVF_XYZRHW")) add(Usage::PositionT, ElementType::Float4);
    else if (position == fvfValue("D3DFVF_XYZW")) add(Usage::Position, ElementType::Float4);
    else if (betas > 0) {
        add(Usage::Position, ElementType::Float3);
        // LASTBETA_UBYTE4 / LASTBETA_D3DCOLOR: the last beta holds the matrix
        // indices; the others are weights (at most 4 are kept: VERTEXBLEND reads 3).
        const bool indices = fvf & (lastBetaUbyte4 | lastBetaColor);
        const int weights = indices ? betas - 1 : betas;
        const int betaStart = offset;
        if (weights > 0) add(Usage::BlendWeight, floats[std::min(weights, 4)]);
        offset = betaStart + 4 * weights;
        if (indices) add(Usage::BlendIndices, (fvf & lastBetaColor) ? ElementType::D3DColor : ElementType::UByte4);
    } else if (position == 0) node.fail("the FVF " + hex(fvf) + " has no position");
    else node.fail("unsupported FVF " + hex(fvf) + ": unknown position type");
    if ((fvf & lastBetaUbyte4) && (fvf & lastBetaColor))
        node.fail("the FVF " + hex(fvf) + " sets both LASTBETA_UBYTE4 and LASTBETA_D3DCOLOR");
    if ((fvf & (lastBetaUbyte4 | lastBetaColor)) && betas == 0)
        node.fail("the FVF " + hex(fvf) + " sets LASTBETA_UBYTE4 / LASTBETA_D3DCOLOR without XYZB1..XYZB5");
    if (fvf & 0x0010) add(Usage::Normal, ElementType::Float3);
    if (fvf & 0x0020) node.fail("unsupported FVF " + hex(fvf) + ": per-vertex point size (PSIZE) is not implemented");
    if (fvf & 0x0040) add(Usage::Diffuse, ElementType::D3DColor);
    if (fvf & 0x0080) add(Usage::Specular, ElementType::D3DColor);
    const int texCount = int(fvf >> 8 & 0xF);
    if (texCount > 8) node.fail("the FVF " + hex(fvf) + " declares " + std::to_string(texCount) + " texture coordinate sets (at most 8)");
    for (int i = 0; i < texCount; ++i) {
        const int code = int(fvf >> (16 + 2 * i) & 3);
        const int sizes[4] = {2, 3, 4, 1};  // D3DFVF_TEXTUREFORMAT2, 3, 4, 1
        add(Usage::Texcoord, floats[sizes[code]], i);
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
        el.type = parseElementType(typeNode);
        // A usage takes every type whose expansion (vertex_element_type.cpp)
        // gives the values it reads, but a colour's (R, G, B, A) as a
        // position, normal, weight or coordinate, and UBYTE4's raw bytes
        // (blend indices only, as LASTBETA_UBYTE4 in an FVF).
        const bool color = el.type == ElementType::D3DColor, ubyte4 = el.type == ElementType::UByte4;
        const std::string typeName = elementTypeInfo(el.type).name;
        json::Node usageNode = o.required("usage");
        const int usage = usageNode.kind("declaration usage", "D3DDECLUSAGE").asEnum<int>(
            {{"POSITION", 0}, {"BLENDWEIGHT", 1}, {"BLENDINDICES", 2}, {"NORMAL", 3}, {"TEXCOORD", 5}, {"POSITIONT", 9},
             {"COLOR", 10}});
        if (ubyte4 && usage != 2) e.fail("UBYTE4 is for BLENDINDICES only");
        int index = 0;
        if (auto n = o.optional("usage_index")) index = int(n->asInt(0, 7));
        o.finish();
        switch (usage) {
            case 0:
            case 9:
                if (index != 0 || position) e.fail("a declaration has one position (POSITION or POSITIONT, usage_index 0)");
                if (color) e.fail("a position is no D3DCOLOR");
                el.usage = usage == 9 ? Usage::PositionT : Usage::Position;
                if (usage == 9 && el.components() != 4)
                    e.fail("POSITIONT has four components (x, y, z, rhw); " + typeName + " has " +
                           std::to_string(el.components()));
                position = true;
                break;
            case 1:
                if (index != 0 || color) e.fail("BLENDWEIGHT is no D3DCOLOR, usage_index 0");
                el.usage = Usage::BlendWeight;
                break;
            case 2:
                if (index != 0 || !(color || ubyte4)) e.fail("BLENDINDICES is UBYTE4 or D3DCOLOR, usage_index 0");
                el.usage = Usage::BlendIndices;
                break;
            case 3:
                if (color || el.components() < 3)
                    e.fail("NORMAL has three components (x, y, z); " + typeName + " has " +
                           (color ? std::string("a colour") : std::to_string(el.components())));
                el.usage = Usage::Normal;
                break;
            case 10:
                if (index > 1) e.fail("COLOR usage_index is 0 (diffuse) or 1 (specular)");
                el.usage = index == 0 ? Usage::Diffuse : Usage::Specular;
                break;
            default:
                if (color) e.fail("TEXCOORD is no D3DCOLOR");
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
                out.texcoordSize[size_t(e.set)] = uint8_t(e.components());
                break;
            case Usage::BlendWeight:
                out.blendWeight.assign(count, Vec4(0, 0, 0, 0));
                out.blendWeightCount = uint8_t(e.components());
                break;
            case Usage::BlendIndices: out.blendIndices.assign(count, 0); break;
        }
    }
}

// Matrix indices from an element's 4 bytes: UBYTE4 index k = byte k; a
// D3DCOLOR (bytes B, G, R, A) reads as (R, G, B, A), so index 0 is byte 2.
uint32_t blendIndicesOf(const VertexElement& e, const uint8_t* p) {
    if (e.type == ElementType::D3DColor) return uint32_t(p[2]) | uint32_t(p[1]) << 8 | uint32_t(p[0]) << 16 | uint32_t(p[3]) << 24;
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

// Stores one element's value for vertex i; `v` is its expansion (a
// position's or coordinate's fill (0, 0, 1) is what reserve() starts them with).
void store(const VertexElement& e, size_t i, const Vec4& v, VertexData& out) {
    switch (e.usage) {
        case Usage::Position:
        case Usage::PositionT: out.position[i] = v; break;
        case Usage::Normal: out.normal[i] = Vec3(v[0], v[1], v[2]); break;
        case Usage::Diffuse: out.diffuse[i] = v; break;
        case Usage::Specular: out.specular[i] = v; break;
        case Usage::Texcoord: out.texcoord[size_t(e.set)][i] = v; break;
        case Usage::BlendWeight:  // the weights the type holds; the others stay 0
            for (int c = 0; c < e.components(); ++c) out.blendWeight[i][c] = v[c];
            break;
        case Usage::BlendIndices: break;  // stored by the caller from the raw bytes (blendIndicesOf)
    }
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
            store(e, i, expandElement(e.type, p), out);
        }
    }
    for (size_t i = 0; i < count; ++i) checkVertex(out, i, where, first + int64_t(i));
}

void parseInlineVertices(const VertexLayout& layout, const json::Node& node, VertexData& out) {
    int fields = 0;
    for (const VertexElement& e : layout.elements) {
        if (e.stream != 0) node.fail("an inline (…UP) draw reads stream 0 only; the declaration uses stream " + std::to_string(e.stream));
        fields += elementTypeInfo(e.type).values;
    }
    const std::vector<json::Node> vertices = node.asArray(1, kMaxVertices);
    reserve(layout, vertices.size(), out);
    for (size_t i = 0; i < vertices.size(); ++i) {
        const std::vector<json::Node> values = vertices[i].asArray(size_t(fields), size_t(fields));
        size_t at = 0;
        for (const VertexElement& e : layout.elements) {
            // The values as the element's stored bytes (a D3DCOLOR 0xAARRGGBB
            // as B, G, R, A), expanded as a buffer's would be.
            uint8_t bytes[16] = {};
            for (int k = 0; k < elementTypeInfo(e.type).values; ++k) packInlineValue(e.type, k, values[at++], bytes);
            if (e.usage == Usage::BlendIndices) out.blendIndices[i] = blendIndicesOf(e, bytes);
            else store(e, i, expandElement(e.type, bytes), out);
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
