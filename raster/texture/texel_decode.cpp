// SPDX-License-Identifier: MIT
// Rule T-11 as 256-entry tables: the same IEEE divisions, done once at
// compile time (constant evaluation rounds division exactly like run time).
#include "raster/texture/texel_decode.h"

#include <algorithm>

namespace refrast {

namespace {

// Unorm8: c / 255.
constexpr const DecodeTable& kUnorm8 = kUnorm8Decode;

// Snorm8: the byte as i8, max(c / 127, -1).
constexpr DecodeTable kSnorm8 = [] {
    DecodeTable t{};
    for (int c = 0; c < 256; ++c) t[size_t(c)] = std::max(float(int8_t(uint8_t(c))) / 127.0f, -1.0f);
    return t;
}();

// Unorm6 (L6 of L6V5U5): the byte holds 0..63, c / 63.
constexpr DecodeTable kUnorm6 = [] {
    DecodeTable t{};
    for (int c = 0; c < 64; ++c) t[size_t(c)] = float(c) / 63.0f;
    return t;
}();

// Snorm5 (U5, V5 of L6V5U5): the byte holds the sign-extended 5-bit code
// -16..15. Windows (Wine test_signed_formats, reference §4.5): c / 16 for
// negative codes (so -16 -> -1 and -15 is not -1), c / 15 for positive ones.
constexpr DecodeTable kSnorm5 = [] {
    DecodeTable t{};
    for (int c = -16; c < 16; ++c) t[size_t(uint8_t(int8_t(c)))] = c < 0 ? float(c) / 16.0f : float(c) / 15.0f;
    return t;
}();

// The D3D10 SNORM rule on 5 bits (DXVK `snormalize`, GL 4.4): max(c / 15, -1).
constexpr DecodeTable kSnorm5Clamped = [] {
    DecodeTable t{};
    for (int c = -16; c < 16; ++c) t[size_t(uint8_t(int8_t(c)))] = std::max(float(c) / 15.0f, -1.0f);
    return t;
}();

}  // namespace

const TexelDecoder kTexelDecoders[] = {
    {{&kUnorm8, &kUnorm8, &kUnorm8, &kUnorm8}, false, 4},                // Unorm8
    {{&kSnorm8, &kSnorm8, &kSnorm8, &kSnorm8}, false, 4},                // Snorm8
    {{&kSnorm8, &kSnorm8, &kUnorm8, &kUnorm8}, false, 4},                // X8L8V8U8
    {{&kSnorm5, &kSnorm5, &kUnorm6, &kUnorm8}, false, 4},                // L6V5U5
    {{&kSnorm5Clamped, &kSnorm5Clamped, &kUnorm6, &kUnorm8}, false, 4},  // L6V5U5Clamped
    {{&kSnorm8, &kSnorm8, &kSnorm8, &kSnorm8}, true, 8},                 // V16U16 (tables unused)
};

float decodeSnorm16(int16_t c) { return std::max(float(c) / 32767.0f, -1.0f); }

bool channelIsSigned(TexelEncoding encoding, int k) {
    switch (encoding) {
        case TexelEncoding::Unorm8: return false;
        case TexelEncoding::Snorm8:
        case TexelEncoding::V16U16: return true;
        case TexelEncoding::X8L8V8U8:
        case TexelEncoding::L6V5U5:
        case TexelEncoding::L6V5U5Clamped: return k < 2;
    }
    return false;
}

}  // namespace refrast
