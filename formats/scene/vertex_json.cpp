// SPDX-License-Identifier: MIT
// A draw's "vertices" and "indices": inline arrays or views into external
// little-endian buffers (offset/stride, the glTF buffer-view idea).
#include "formats/scene/scene_parse.h"

#include <cmath>
#include <cstring>

namespace refrast::scene_json {

namespace {

enum class Encoding { Float, D3DColor, UByte4 };

struct AttributeFormat {
    int components;
    Encoding encoding;
    Vec4 fill;  // components the format does not carry
    bool pretransformed = false;  // XYZRHW
};

// Reads one attribute (inline "data" or a buffer view) into Vec4s. `count`
// is the vertex count when known (0: take it from inline data).
std::vector<Vec4> readAttribute(json::Object& o, const Context& ctx, const AttributeFormat& f, size_t& count) {
    const size_t elementBytes = f.encoding != Encoding::Float ? 4 : size_t(f.components) * 4;
    std::vector<Vec4> out;
    auto check = [&](const Vec4& v, const json::Node& where, size_t i) {
        for (int c = 0; c < f.components; ++c)
            if (!std::isfinite(v[c])) where.fail("vertex " + std::to_string(i) + " is not finite (NaN or infinity)");
    };
    if (auto data = o.optional("data")) {
        const std::vector<json::Node> items = data->asArray(0, kMaxVertices * 4);
        const size_t per = f.encoding == Encoding::D3DColor ? 1 : size_t(f.components);
        if (items.size() % per != 0)
            data->fail("expected a multiple of " + std::to_string(per) + " values, got " + std::to_string(items.size()));
        const size_t n = items.size() / per;
        if (n == 0) data->fail("holds no vertices");
        if (count != 0 && n != count)
            data->fail("holds " + std::to_string(n) + " vertices, the draw has " + std::to_string(count));
        count = n;
        out.resize(n, f.fill);
        for (size_t i = 0; i < n; ++i) {
            if (f.encoding == Encoding::UByte4) {  // four integers 0..255
                for (int c = 0; c < 4; ++c) out[i][c] = float(items[i * per + size_t(c)].asInt(0, 255));
                continue;
            }
            if (f.encoding == Encoding::D3DColor) {
                const uint32_t c = items[i].asColor32();  // 0xAARRGGBB -> RGBA, c8 / 255 exactly
                out[i] = Vec4(float((c >> 16) & 0xFF) / 255.0f, float((c >> 8) & 0xFF) / 255.0f, float(c & 0xFF) / 255.0f,
                              float(c >> 24) / 255.0f);
                continue;
            }
            for (int c = 0; c < f.components; ++c) {
                const json::Node& item = items[i * per + size_t(c)];
                out[i][c] = item.asFloat();
            }
        }
        return out;
    }
    const json::Node bufferNode = o.required("buffer");
    const size_t bufferIndex = size_t(bufferNode.asInt(0, int64_t(ctx.buffers.size()) - 1));
    const size_t offset = size_t(o.required("offset").asInt(0, int64_t(1) << 40));
    const size_t stride = o.has("stride") ? size_t(o.required("stride").asInt(1, 1024)) : elementBytes;
    if (count == 0) o.node().fail("a buffer attribute needs the vertex count: set \"count\" in \"vertices\"");
    const std::vector<uint8_t>& bytes = ctx.buffers[bufferIndex].bytes;
    const size_t end = offset + (count - 1) * stride + elementBytes;  // no overflow: count <= 2^26, stride <= 1024
    if (end > bytes.size())
        o.node().fail("reads bytes " + std::to_string(offset) + ".." + std::to_string(end) + " of buffer " +
                      std::to_string(bufferIndex) + ", which holds " + std::to_string(bytes.size()));
    out.resize(count, f.fill);
    for (size_t i = 0; i < count; ++i) {
        const uint8_t* p = &bytes[offset + i * stride];
        if (f.encoding == Encoding::UByte4) {
            out[i] = Vec4(float(p[0]), float(p[1]), float(p[2]), float(p[3]));
            continue;
        }
        if (f.encoding == Encoding::D3DColor) {
            // Little-endian D3DCOLOR: bytes B, G, R, A.
            out[i] = Vec4(float(p[2]) / 255.0f, float(p[1]) / 255.0f, float(p[0]) / 255.0f, float(p[3]) / 255.0f);
            continue;
        }
        for (int c = 0; c < f.components; ++c) std::memcpy(&out[i][c], p + 4 * c, 4);  // little-endian host
        check(out[i], o.node(), i);
    }
    return out;
}

std::vector<Vec4> parseAttribute(const json::Node& node, const Context& ctx, size_t& count,
                                 std::initializer_list<json::EnumName<AttributeFormat>> formats, AttributeFormat* chosen = nullptr) {
    json::Object o(node);
    const AttributeFormat f = o.required("format").kind("vertex format").asEnum<AttributeFormat>(formats);
    std::vector<Vec4> v = readAttribute(o, ctx, f, count);
    o.finish();
    if (chosen) *chosen = f;
    return v;
}

const Vec4 kPosFill(0, 0, 0, 1), kZero(0, 0, 0, 0), kTexFill(0, 0, 0, 1);

}  // namespace

void parseVertices(const json::Node& node, const Context& ctx, VertexData& out) {
    json::Object o(node);
    size_t count = 0;
    if (auto n = o.optional("count")) count = size_t(n->asInt(1, int64_t(kMaxVertices)));
    AttributeFormat posFormat{};
    const json::Node posNode = o.required("position");
    out.position = parseAttribute(posNode, ctx, count,
                                  {{"XYZ", {3, Encoding::Float, kPosFill}},
                                   {"XYZW", {4, Encoding::Float, kPosFill}},
                                   {"XYZRHW", {4, Encoding::Float, kPosFill, true}}},
                                  &posFormat);
    out.pretransformed = posFormat.pretransformed;
    for (size_t i = 0; i < out.position.size(); ++i) {
        if (!out.position[i].allFinite())
            posNode.fail("vertex " + std::to_string(i) + " is not finite (NaN or infinity)");
        if (out.pretransformed && out.position[i].w() < 0.0f)
            posNode.fail("vertex " + std::to_string(i) + " has a negative rhw");
    }
    const auto colors = {json::EnumName<AttributeFormat>{"FLOAT4", {4, Encoding::Float, kZero}},
                         json::EnumName<AttributeFormat>{"D3DCOLOR", {4, Encoding::D3DColor, kZero}}};
    if (auto n = o.optional("normal")) {
        for (const Vec4& v : parseAttribute(*n, ctx, count, {{"FLOAT3", {3, Encoding::Float, kZero}}}))
            out.normal.emplace_back(v.x(), v.y(), v.z());
    }
    if (auto n = o.optional("blendweight")) {
        AttributeFormat f{};
        out.blendWeight = parseAttribute(*n, ctx, count,
                                         {{"FLOAT1", {1, Encoding::Float, kZero}},
                                          {"FLOAT2", {2, Encoding::Float, kZero}},
                                          {"FLOAT3", {3, Encoding::Float, kZero}},
                                          {"FLOAT4", {4, Encoding::Float, kZero}}},
                                         &f);
        out.blendWeightCount = uint8_t(f.components);
    }
    if (auto n = o.optional("blendindices")) {
        // UBYTE4: index k is byte k; D3DCOLOR: the colour's R, G, B, A bytes
        // are indices 0..3 (a D3DCOLOR element reads as (R, G, B, A), D3DDECLTYPE).
        AttributeFormat f{};
        const std::vector<Vec4> v = parseAttribute(
            *n, ctx, count, {{"UBYTE4", {4, Encoding::UByte4, kZero}}, {"D3DCOLOR", {4, Encoding::D3DColor, kZero}}}, &f);
        for (const Vec4& x : v) {
            uint32_t packed = 0;
            for (int k = 0; k < 4; ++k)
                packed |= uint32_t(f.encoding == Encoding::D3DColor ? std::lround(x[k] * 255.0f) : long(x[k])) << (8 * k);
            out.blendIndices.push_back(packed);
        }
    }
    if (auto n = o.optional("diffuse")) out.diffuse = parseAttribute(*n, ctx, count, colors);
    if (auto n = o.optional("specular")) out.specular = parseAttribute(*n, ctx, count, colors);
    if (auto n = o.optional("texcoord")) {
        const std::vector<json::Node> sets = n->asArray(0, kMaxTexcoordSets);
        for (size_t s = 0; s < sets.size(); ++s) {
            AttributeFormat f{};
            out.texcoord[s] = parseAttribute(sets[s], ctx, count,
                                             {{"FLOAT1", {1, Encoding::Float, kTexFill}},
                                              {"FLOAT2", {2, Encoding::Float, kTexFill}},
                                              {"FLOAT3", {3, Encoding::Float, kTexFill}},
                                              {"FLOAT4", {4, Encoding::Float, kTexFill}}},
                                             &f);
            out.texcoordSize[s] = uint8_t(f.components);
        }
    }
    o.finish();
    out.count = count;
}

void parseIndices(const json::Node& node, const Context& ctx, size_t vertexCount, Draw& out) {
    out.indexed = true;
    auto checkRange = [&](uint64_t value, size_t i, const json::Node& where, bool inlineElement) {
        if (value < vertexCount) return;
        const std::string what = "index " + std::to_string(value) + " out of range (the draw has " +
                                 std::to_string(vertexCount) + " vertices)";
        if (inlineElement) where.fail(what);
        where.fail("element " + std::to_string(i) + ": " + what);
    };
    if (node.isArray()) {
        const std::vector<json::Node> items = node.asArray(0, kMaxVertices * 3);
        out.indices.resize(items.size());
        for (size_t i = 0; i < items.size(); ++i) {
            out.indices[i] = uint32_t(items[i].asInt(0, 0xFFFFFFFFll));
            checkRange(out.indices[i], i, items[i], true);
        }
        return;
    }
    json::Object o(node);
    const int bytesPer = o.required("format").kind("index format", "D3DFORMAT").asEnum<int>({{"INDEX16", 2}, {"INDEX32", 4}});
    const size_t bufferIndex = size_t(o.required("buffer").asInt(0, int64_t(ctx.buffers.size()) - 1));
    const size_t offset = size_t(o.required("offset").asInt(0, int64_t(1) << 40));
    const size_t count = size_t(o.required("count").asInt(0, int64_t(kMaxVertices) * 3));
    o.finish();
    const std::vector<uint8_t>& bytes = ctx.buffers[bufferIndex].bytes;
    if (offset + count * size_t(bytesPer) > bytes.size())
        node.fail("reads bytes " + std::to_string(offset) + ".." + std::to_string(offset + count * bytesPer) +
                  " of buffer " + std::to_string(bufferIndex) + ", which holds " + std::to_string(bytes.size()));
    out.indices.resize(count);
    for (size_t i = 0; i < count; ++i) {
        const uint8_t* p = &bytes[offset + i * size_t(bytesPer)];
        out.indices[i] = bytesPer == 2 ? uint32_t(p[0] | p[1] << 8) : uint32_t(p[0] | p[1] << 8 | p[2] << 16) | uint32_t(p[3]) << 24;
        checkRange(out.indices[i], i, node, false);
    }
}

}  // namespace refrast::scene_json
