// SPDX-License-Identifier: MIT
// Inline vertices decoded by a vertex declaration
// (formats/apitrace/d3d9_decl_vertices.h), over blobs built by hand.
#include "formats/apitrace/d3d9_decl_vertices.h"

#include <doctest/doctest.h>

#include <cstring>
#include <stdexcept>

using namespace refrast::apitrace;
using Json = nlohmann::ordered_json;

namespace {
void put(std::string& blob, size_t at, const void* p, size_t n) {
    if (blob.size() < at + n) blob.resize(at + n);
    std::memcpy(&blob[at], p, n);
}
std::string errorOf(const Json& elements, const std::string& blob, uint64_t stride, uint64_t count) {
    try {
        (void)declVertices(elements, blob, stride, count);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}
}  // namespace

TEST_CASE("apitrace/declaration vertices: elements in the declaration's order, at their offsets") {
    // A 28-byte stride: COLOR D3DCOLOR at 0, TEXCOORD FLOAT2 at 4, POSITIONT FLOAT4 at 12.
    const Json elements = Json::array({{{"stream", 0}, {"offset", 12}, {"type", "FLOAT4"}, {"usage", "POSITIONT"}},
                                        {{"stream", 0}, {"offset", 0}, {"type", "D3DCOLOR"}, {"usage", "COLOR"}},
                                        {{"stream", 0}, {"offset", 4}, {"type", "FLOAT2"}, {"usage", "TEXCOORD"}}});
    std::string blob;
    for (int v = 0; v < 2; ++v) {
        const uint32_t color = 0xff102030u + uint32_t(v);
        const float uv[2] = {0.25f * float(v), 0.5f};
        const float pos[4] = {1.0f + float(v), 2.0f, 0.5f, 1.0f};
        put(blob, size_t(28 * v), &color, 4);
        put(blob, size_t(28 * v + 4), uv, 8);
        put(blob, size_t(28 * v + 12), pos, 16);
    }
    const Json rows = declVertices(elements, blob, 28, 2);
    // Vertex 1: position (2, 2, 0.5, 1), colour 0xff102031 = 4279246897, uv (0.25, 0.5).
    CHECK(rows == Json::array({Json::array({1.0, 2.0, 0.5, 1.0, 4279246896u, 0.0, 0.5}),
                               Json::array({2.0, 2.0, 0.5, 1.0, 4279246897u, 0.25, 0.5})}));
    // UBYTE4 is four integers.
    const Json indices = Json::array({{{"stream", 0}, {"offset", 0}, {"type", "UBYTE4"}, {"usage", "BLENDINDICES"}}});
    CHECK(declVertices(indices, std::string("\x01\x02\x03\x04", 4), 4, 1) == Json::array({Json::array({1, 2, 3, 4})}));
}

TEST_CASE("apitrace/declaration vertices: packed types keep their stored values") {
    // One 24-byte vertex: SHORT2N (-32768, 5) at 0, UBYTE4N at 4, USHORT4N at
    // 8, DEC3N's DWORD 0x200805FF at 16, FLOAT16_2 (0x3C00, 0xC000) at 20.
    const Json elements = Json::array({{{"stream", 0}, {"offset", 0}, {"type", "SHORT2N"}, {"usage", "TEXCOORD"}},
                                        {{"stream", 0}, {"offset", 4}, {"type", "UBYTE4N"}, {"usage", "COLOR"}},
                                        {{"stream", 0}, {"offset", 8}, {"type", "USHORT4N"}, {"usage", "TEXCOORD"}},
                                        {{"stream", 0}, {"offset", 16}, {"type", "DEC3N"}, {"usage", "NORMAL"}},
                                        {{"stream", 0}, {"offset", 20}, {"type", "FLOAT16_2"}, {"usage", "POSITION"}}});
    const uint8_t bytes[24] = {0x00, 0x80, 0x05, 0x00, 1, 2, 3, 4, 0xFF, 0xFF, 0, 0, 0x34, 0x12, 7, 0,
                               0xFF, 0x05, 0x08, 0x20, 0x00, 0x3C, 0x00, 0xC0};
    const std::string blob(reinterpret_cast<const char*>(bytes), sizeof bytes);
    // 0x1234 = 4660; 0x200805FF = 537396735.
    CHECK(declVertices(elements, blob, 24, 1) ==
          Json::array({Json::array({-32768, 5, 1, 2, 3, 4, 65535, 0, 4660, 7, 537396735u, 15360, 49152})}));
    CHECK(errorOf(elements, blob, 20, 1) == "stride 20 is less than the 24 bytes the vertex declaration reads");
}

TEST_CASE("apitrace/declaration vertices: what cannot be read is named") {
    const Json pos = Json::array({{{"stream", 0}, {"offset", 0}, {"type", "FLOAT4"}, {"usage", "POSITIONT"}}});
    CHECK(errorOf(pos, std::string(16, '\0'), 12, 1) == "stride 12 is less than the 16 bytes the vertex declaration reads");
    CHECK(errorOf(pos, std::string(20, '\0'), 16, 2) == "the vertex data holds 20 bytes, fewer than 2 vertices of stride 16");
    Json other = pos;
    other[0]["stream"] = 1;
    CHECK(errorOf(other, std::string(16, '\0'), 16, 1) ==
          "an inline (…UP) draw reads stream 0 only; the vertex declaration uses stream 1");
    Json unused = pos;
    unused[0]["type"] = "UNUSED";
    CHECK(errorOf(unused, std::string(16, '\0'), 16, 1) ==
          "the vertex declaration's UNUSED element is not read for inline vertices (every D3DDECLTYPE but UNUSED is)");
    std::string nan(16, '\0');
    const uint32_t bits = 0x7fc00000u;
    std::memcpy(&nan[4], &bits, 4);
    CHECK(errorOf(pos, nan, 16, 1) == "vertex 0 has a non-finite float");
}
