// SPDX-License-Identifier: MIT
// The expansions are the D3D9 reference's for D3DDECLTYPE (Microsoft Learn,
// "D3DDECLTYPE enumeration"): FLOATn (x, 0, 0, 1) … (x, y, z, w); D3DCOLOR
// the packed bytes mapped to 0..1 in R, G, B, A order; UBYTE4 the four bytes
// unnormalised; SHORT2 (s0, s1, 0, 1), SHORT4 (s0, s1, s2, s3); UBYTE4N each
// byte / 255.0; SHORT2N (s0 / 32767.0, s1 / 32767.0, 0, 1), SHORT4N each /
// 32767.0; USHORT2N (u0 / 65535.0, u1 / 65535.0, 0, 1), USHORT4N each /
// 65535.0; UDEC3 three unsigned 10-bit values (x, y, z, 1); DEC3N three
// signed 10-bit values (x / 511.0, y / 511.0, z / 511.0, 1); FLOAT16_2
// (h0, h1, 0, 1), FLOAT16_4 (h0, h1, h2, h3). The reference gives SHORTnN as
// s / 32767.0 without a clamp, so -32768 gives -32768 / 32767 (D3D10's
// SNORM rule clamps it to -1; D3D9's text does not). Where the reference is
// silent: the 10-bit fields of UDEC3 / DEC3N lie x in bits 0..9, y in
// 10..19, z in 20..29 (wined3d's d3d9 vertexdeclaration.c maps the two types
// to WINED3DFMT_R10G10B10X2_UINT / _SNORM, whose R is the low field); a
// 16-bit float is IEEE 754 binary16, converted exactly.
#include "formats/scene/vertex_element_type.h"

#include <cstring>

namespace refrast::scene_json {

namespace {

constexpr ElementTypeInfo kTypes[] = {
    {"FLOAT1", 4, 1, 1, InlineValue::Float},     {"FLOAT2", 8, 2, 2, InlineValue::Float},
    {"FLOAT3", 12, 3, 3, InlineValue::Float},    {"FLOAT4", 16, 4, 4, InlineValue::Float},
    {"D3DCOLOR", 4, 4, 1, InlineValue::Dword},   {"UBYTE4", 4, 4, 4, InlineValue::Byte},
    {"SHORT2", 4, 2, 2, InlineValue::Int16},     {"SHORT4", 8, 4, 4, InlineValue::Int16},
    {"UBYTE4N", 4, 4, 4, InlineValue::Byte},     {"SHORT2N", 4, 2, 2, InlineValue::Int16},
    {"SHORT4N", 8, 4, 4, InlineValue::Int16},    {"USHORT2N", 4, 2, 2, InlineValue::UInt16},
    {"USHORT4N", 8, 4, 4, InlineValue::UInt16},  {"UDEC3", 4, 3, 1, InlineValue::Dword},
    {"DEC3N", 4, 3, 1, InlineValue::Dword},      {"FLOAT16_2", 4, 2, 2, InlineValue::HalfBits},
    {"FLOAT16_4", 8, 4, 4, InlineValue::HalfBits},
};

float f32(const uint8_t* p) {
    float f;
    std::memcpy(&f, p, 4);  // little-endian host
    return f;
}
int16_t s16(const uint8_t* p) { return int16_t(uint16_t(p[0] | p[1] << 8)); }
uint16_t u16(const uint8_t* p) { return uint16_t(p[0] | p[1] << 8); }
uint32_t u32(const uint8_t* p) { return uint32_t(p[0] | p[1] << 8 | p[2] << 16) | uint32_t(p[3]) << 24; }

// IEEE 754 binary16 to float, exactly: a normal half re-biased (15 -> 127)
// with its 10-bit mantissa shifted into the float's 23 bits; a subnormal
// one is mantissa * 2^-24 (exact: an integer below 2^10 times a power of
// two); exponent 31 is infinity or NaN, which the vertex checks refuse.
float halfToFloat(uint16_t h) {
    const uint32_t sign = uint32_t(h >> 15) << 31, exponent = (h >> 10) & 0x1Fu, mantissa = h & 0x3FFu;
    uint32_t bits;
    if (exponent == 0) {
        const float magnitude = float(mantissa) * 5.9604644775390625e-8f;  // 2^-24
        std::memcpy(&bits, &magnitude, 4);
        bits |= sign;
    } else if (exponent == 31) {
        bits = sign | 0x7F800000u | (mantissa << 13);
    } else {
        bits = sign | ((exponent + 112u) << 23) | (mantissa << 13);  // 112 = 127 - 15
    }
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

// A signed 10-bit two's-complement field.
int dec10(uint32_t v, int shift) {
    const int x = int((v >> shift) & 0x3FFu);
    return x >= 512 ? x - 1024 : x;
}

}  // namespace

const ElementTypeInfo& elementTypeInfo(ElementType t) { return kTypes[size_t(t)]; }

ElementType parseElementType(json::Node& node) {
    using T = ElementType;
    return node.kind("declaration type", "D3DDECLTYPE")
        .asEnum<T>({{"FLOAT1", T::Float1}, {"FLOAT2", T::Float2}, {"FLOAT3", T::Float3}, {"FLOAT4", T::Float4},
                    {"D3DCOLOR", T::D3DColor}, {"UBYTE4", T::UByte4}, {"SHORT2", T::Short2}, {"SHORT4", T::Short4},
                    {"UBYTE4N", T::UByte4N}, {"SHORT2N", T::Short2N}, {"SHORT4N", T::Short4N},
                    {"USHORT2N", T::UShort2N}, {"USHORT4N", T::UShort4N}, {"UDEC3", T::UDec3}, {"DEC3N", T::Dec3N},
                    {"FLOAT16_2", T::Float16_2}, {"FLOAT16_4", T::Float16_4}});
}

std::optional<ElementType> elementTypeNamed(const std::string& name) {
    for (size_t i = 0; i < std::size(kTypes); ++i)
        if (name == kTypes[i].name) return ElementType(i);
    return std::nullopt;
}

Vec4 expandElement(ElementType t, const uint8_t* p) {
    switch (t) {
        case ElementType::Float1: return Vec4(f32(p), 0, 0, 1);
        case ElementType::Float2: return Vec4(f32(p), f32(p + 4), 0, 1);
        case ElementType::Float3: return Vec4(f32(p), f32(p + 4), f32(p + 8), 1);
        case ElementType::Float4: return Vec4(f32(p), f32(p + 4), f32(p + 8), f32(p + 12));
        case ElementType::D3DColor:  // bytes B, G, R, A
            return Vec4(float(p[2]) / 255.0f, float(p[1]) / 255.0f, float(p[0]) / 255.0f, float(p[3]) / 255.0f);
        case ElementType::UByte4: return Vec4(float(p[0]), float(p[1]), float(p[2]), float(p[3]));
        case ElementType::Short2: return Vec4(float(s16(p)), float(s16(p + 2)), 0, 1);
        case ElementType::Short4: return Vec4(float(s16(p)), float(s16(p + 2)), float(s16(p + 4)), float(s16(p + 6)));
        case ElementType::UByte4N:
            return Vec4(float(p[0]) / 255.0f, float(p[1]) / 255.0f, float(p[2]) / 255.0f, float(p[3]) / 255.0f);
        case ElementType::Short2N: return Vec4(float(s16(p)) / 32767.0f, float(s16(p + 2)) / 32767.0f, 0, 1);
        case ElementType::Short4N:
            return Vec4(float(s16(p)) / 32767.0f, float(s16(p + 2)) / 32767.0f, float(s16(p + 4)) / 32767.0f,
                        float(s16(p + 6)) / 32767.0f);
        case ElementType::UShort2N: return Vec4(float(u16(p)) / 65535.0f, float(u16(p + 2)) / 65535.0f, 0, 1);
        case ElementType::UShort4N:
            return Vec4(float(u16(p)) / 65535.0f, float(u16(p + 2)) / 65535.0f, float(u16(p + 4)) / 65535.0f,
                        float(u16(p + 6)) / 65535.0f);
        case ElementType::UDec3: {
            const uint32_t v = u32(p);
            return Vec4(float(v & 0x3FFu), float((v >> 10) & 0x3FFu), float((v >> 20) & 0x3FFu), 1);
        }
        case ElementType::Dec3N: {
            const uint32_t v = u32(p);
            return Vec4(float(dec10(v, 0)) / 511.0f, float(dec10(v, 10)) / 511.0f, float(dec10(v, 20)) / 511.0f, 1);
        }
        case ElementType::Float16_2: return Vec4(halfToFloat(u16(p)), halfToFloat(u16(p + 2)), 0, 1);
        case ElementType::Float16_4:
            return Vec4(halfToFloat(u16(p)), halfToFloat(u16(p + 2)), halfToFloat(u16(p + 4)), halfToFloat(u16(p + 6)));
    }
    return Vec4(0, 0, 0, 1);
}

void packInlineValue(ElementType t, int k, const json::Node& node, uint8_t* bytes) {
    const ElementTypeInfo& info = elementTypeInfo(t);
    auto put = [&](uint64_t v, int n) {
        for (int b = 0; b < n; ++b) bytes[size_t(k * n + b)] = uint8_t(v >> (8 * b));
    };
    switch (info.value) {
        case InlineValue::Float: {
            const float f = node.asFloat();
            uint32_t bits;
            std::memcpy(&bits, &f, 4);
            return put(bits, 4);
        }
        case InlineValue::Dword: return put(node.asColor32(), 4);  // a number or a "0x…" string
        case InlineValue::Byte: return put(uint64_t(node.asInt(0, 255)), 1);
        case InlineValue::Int16: return put(uint64_t(uint16_t(int16_t(node.asInt(-32768, 32767)))), 2);
        case InlineValue::UInt16:
        case InlineValue::HalfBits: return put(uint64_t(node.asInt(0, 65535)), 2);
    }
}

}  // namespace refrast::scene_json
