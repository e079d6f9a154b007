// SPDX-License-Identifier: MIT
// D3DDECLTYPE expansions (formats/scene/vertex_element_type.h) on bytes
// written by hand, the expected floats worked out beside each check, and the
// inline spelling of each type packed to the same bytes.
#include "formats/scene/vertex_element_type.h"
#include "refrast/error.h"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

using namespace refrast;
using namespace refrast::scene_json;

namespace {
Vec4 expand(ElementType t, std::vector<uint8_t> bytes) {
    bytes.resize(16);
    return expandElement(t, bytes.data());
}
bool same(const Vec4& v, float x, float y, float z, float w) { return v[0] == x && v[1] == y && v[2] == z && v[3] == w; }
}  // namespace

TEST_CASE("scene/vertex element types: each D3DDECLTYPE expands to its float4") {
    // FLOAT1: 1.5 = 0x3FC00000 (little-endian 00 00 C0 3F) -> (1.5, 0, 0, 1).
    CHECK(same(expand(ElementType::Float1, {0x00, 0x00, 0xC0, 0x3F}), 1.5f, 0, 0, 1));
    // D3DCOLOR bytes B, G, R, A = 00 33 FF 66 -> (R, G, B, A) = (255, 51, 0, 102) / 255 =
    // (1, 0.2, 0, 0.4): 51 / 255 and 102 / 255 are exactly 1/5 and 2/5, so the
    // division rounds to the floats 0.2f and 0.4f.
    CHECK(same(expand(ElementType::D3DColor, {0x00, 0x33, 0xFF, 0x66}), 1.0f, 0.2f, 0.0f, 0.4f));
    // UBYTE4: the bytes unnormalised.
    CHECK(same(expand(ElementType::UByte4, {1, 2, 3, 250}), 1, 2, 3, 250));
    // UBYTE4N: byte k / 255 in order k = 0..3 (no colour swizzle): (0, 0.2, 1, 0.4).
    CHECK(same(expand(ElementType::UByte4N, {0, 51, 255, 102}), 0.0f, 0.2f, 1.0f, 0.4f));
    // SHORT2: 0x8000 = -32768, 0x7FFF = 32767 -> (-32768, 32767, 0, 1).
    CHECK(same(expand(ElementType::Short2, {0x00, 0x80, 0xFF, 0x7F}), -32768, 32767, 0, 1));
    // SHORT4: -1 (FF FF), 2, -3 (FD FF), 4.
    CHECK(same(expand(ElementType::Short4, {0xFF, 0xFF, 2, 0, 0xFD, 0xFF, 4, 0}), -1, 2, -3, 4));
    // SHORT2N: 32767 / 32767 = 1, 0 / 32767 = 0 -> (1, 0, 0, 1).
    CHECK(same(expand(ElementType::Short2N, {0xFF, 0x7F, 0, 0}), 1, 0, 0, 1));
    // SHORT4N: -32767 -> -1; -32768 -> -32768 / 32767 = -1.0000305 (no clamp in
    // D3D9's formula); 6553 / 32767 = 0.19998779; 0.
    const Vec4 s4n = expand(ElementType::Short4N, {0x01, 0x80, 0x00, 0x80, 0x99, 0x19, 0, 0});
    CHECK(s4n[0] == -1.0f);
    CHECK(s4n[1] == doctest::Approx(-1.0000305).epsilon(1e-7));
    CHECK(s4n[1] < -1.0f);
    CHECK(s4n[2] == doctest::Approx(0.19998779).epsilon(1e-7));
    CHECK(s4n[3] == 0.0f);
    // USHORT2N: 65535 / 65535 = 1, 13107 / 65535 = 1/5 -> 0.2f.
    CHECK(same(expand(ElementType::UShort2N, {0xFF, 0xFF, 0x33, 0x33}), 1.0f, 0.2f, 0, 1));
    // USHORT4N: 0, 65535, 26214 (= 2/5 of 65535) and 0.
    CHECK(same(expand(ElementType::UShort4N, {0, 0, 0xFF, 0xFF, 0x66, 0x66, 0, 0}), 0.0f, 1.0f, 0.4f, 0.0f));
    // UDEC3: x = 1 (bits 0..9), y = 512 (10..19), z = 1023 (20..29), the top two
    // bits ignored: 1 | 512 << 10 | 1023 << 20 | 3 << 30 = 0xFFF80001.
    CHECK(same(expand(ElementType::UDec3, {0x01, 0x00, 0xF8, 0xFF}), 1, 512, 1023, 1));
    // DEC3N: x = 511 -> 1, y = 0x201 = -511 -> -1, z = 0x200 = -512 ->
    // -512 / 511 = -1.0019569: 511 | 0x201 << 10 | 0x200 << 20 = 0x200805FF.
    const Vec4 d3n = expand(ElementType::Dec3N, {0xFF, 0x05, 0x08, 0x20});
    CHECK(d3n[0] == 1.0f);
    CHECK(d3n[1] == -1.0f);
    CHECK(d3n[2] == doctest::Approx(-1.0019569).epsilon(1e-7));
    CHECK(d3n[3] == 1.0f);
    // FLOAT16_2: 0x3C00 = 1.0, 0xC000 = -2.0 -> (1, -2, 0, 1).
    CHECK(same(expand(ElementType::Float16_2, {0x00, 0x3C, 0x00, 0xC0}), 1, -2, 0, 1));
    // FLOAT16_4: 0x0001 = 2^-24 (the smallest subnormal), 0x7BFF = 65504 (the
    // largest finite), 0x3555 = 2^-2 * (1 + 0x155 / 1024) = 0.333251953125, 0x8000 = -0.
    const Vec4 h4 = expand(ElementType::Float16_4, {0x01, 0x00, 0xFF, 0x7B, 0x55, 0x35, 0x00, 0x80});
    CHECK(h4[0] == 5.9604644775390625e-8f);
    CHECK(h4[1] == 65504.0f);
    CHECK(h4[2] == 0.333251953125f);
    CHECK(h4[3] == 0.0f);
    CHECK(std::signbit(h4[3]));
    // 0x7C00 is +infinity, which the vertex checks refuse.
    CHECK(std::isinf(expand(ElementType::Float16_2, {0x00, 0x7C, 0, 0})[0]));
}

TEST_CASE("scene/vertex element types: inline values pack to the stored bytes, out of range is an error") {
    const std::string file = "scene.json";
    auto pack = [&](ElementType t, const nlohmann::json& values) {
        std::vector<uint8_t> bytes(16);
        for (size_t k = 0; k < values.size(); ++k)
            packInlineValue(t, int(k), json::Node(values[k], "/v/" + std::to_string(k), file), bytes.data());
        return bytes;
    };
    // SHORT2 -1, 300: FF FF 2C 01.
    CHECK(pack(ElementType::Short2, {-1, 300}) == std::vector<uint8_t>{0xFF, 0xFF, 0x2C, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
    // FLOAT16_2 as bit patterns 15360 = 0x3C00 (1.0), 49152 = 0xC000 (-2.0).
    CHECK(expandElement(ElementType::Float16_2, pack(ElementType::Float16_2, {15360, 49152}).data())[1] == -2.0f);
    // DEC3N as the DWORD, a number or a "0x…" string: 0x200805FF as above.
    CHECK(expandElement(ElementType::Dec3N, pack(ElementType::Dec3N, {"0x200805FF"}).data())[1] == -1.0f);
    // D3DCOLOR 0x66FF3300 packs to B, G, R, A = 00 33 FF 66, the bytes of the first test.
    CHECK(pack(ElementType::D3DColor, {0x66FF3300u})[0] == 0x00);
    CHECK(pack(ElementType::D3DColor, {0x66FF3300u})[2] == 0xFF);
    // FLOAT3's floats as the float bits.
    CHECK(expandElement(ElementType::Float3, pack(ElementType::Float3, {0.25, -3, 8}).data())[2] == 8.0f);
    auto error = [&](ElementType t, const nlohmann::json& values) {
        try {
            (void)pack(t, values);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    CHECK(error(ElementType::Short4N, {0, 40000}) == "scene.json: /v/1: 40000 is out of range (expected -32768..32767)");
    CHECK(error(ElementType::UShort2N, {-1, 0}) == "scene.json: /v/0: -1 is out of range (expected 0..65535)");
    CHECK(error(ElementType::UByte4N, {0, 0, 256, 0}) == "scene.json: /v/2: 256 is out of range (expected 0..255)");
}

TEST_CASE("scene/vertex element types: names, sizes and the type that is not read") {
    CHECK(elementTypeNamed("SHORT4N") == ElementType::Short4N);
    CHECK_FALSE(elementTypeNamed("UNUSED").has_value());
    // Sizes: SHORT4 4 x 2 bytes, UDEC3 one DWORD of 3 components, FLOAT16_2 2 x 2 bytes.
    CHECK(elementTypeInfo(ElementType::Short4).bytes == 8);
    CHECK(elementTypeInfo(ElementType::UDec3).bytes == 4);
    CHECK(elementTypeInfo(ElementType::UDec3).components == 3);
    CHECK(elementTypeInfo(ElementType::Float16_2).bytes == 4);
    // The number 17 is D3DDECLTYPE_UNUSED in d3d9types.h (the generated table): unsupported, not unknown.
    const std::string file = "scene.json";
    const nlohmann::json unused = 17, shortType = 6;
    json::Node n(unused, "/t", file), s(shortType, "/t", file);
    CHECK(parseElementType(s) == ElementType::Short2);  // 6 is D3DDECLTYPE_SHORT2
    try {
        (void)parseElementType(n);
        FAIL("UNUSED was read");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()).rfind("scene.json: /t: unsupported declaration type \"D3DDECLTYPE_UNUSED\"", 0) == 0);
    }
}
