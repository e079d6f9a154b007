// SPDX-License-Identifier: MIT
// What a stage reads from each stored texel encoding (docs/textures.md T-11),
// the 16-bit texel stride through the sampler and the box filter of mixed
// signed/unsigned channels (T-5).
#include "raster/pixel/sampler.h"
#include "raster/texture/mip_chain.h"
#include "raster/texture/texel_decode.h"

#include <doctest/doctest.h>

#include <algorithm>

using namespace refrast;

namespace {

// The bytes are padded to a 16-bit encoding's 8, which decodeTexel may read
// (gcc cannot tell which encodings are 16-bit and warns of the 4-byte ones).
Rgba decodeOne(TexelEncoding e, std::vector<uint8_t> bytes) {
    bytes.resize(std::max<size_t>(bytes.size(), 8));
    return decodeTexel(bytes.data(), texelDecoder(e));
}

}  // namespace

TEST_CASE("texture/texel_decode: Unorm8 and Snorm8") {
    CHECK(decodeOne(TexelEncoding::Unorm8, {0, 51, 255, 128}) == Rgba{0.0f, 51.0f / 255.0f, 1.0f, 128.0f / 255.0f});
    // 0x80 = −128 → max(−128/127, −1) = −1; 0x81 = −127 → −1; 0x7F → +1; 0x40 = 64 → 64/127.
    CHECK(decodeOne(TexelEncoding::Snorm8, {0x80, 0x81, 0x7F, 0x40}) == Rgba{-1.0f, -1.0f, 1.0f, 64.0f / 127.0f});
}

TEST_CASE("texture/texel_decode: X8L8V8U8 reads U, V signed and L unsigned") {
    // U 0x81 = −127 → −1, V 0x40 → 64/127, L 0xC0 → 192/255, alpha byte 255 → 1.
    CHECK(decodeOne(TexelEncoding::X8L8V8U8, {0x81, 0x40, 0xC0, 0xFF}) == Rgba{-1.0f, 64.0f / 127.0f, 192.0f / 255.0f, 1.0f});
}

TEST_CASE("texture/texel_decode: L6V5U5's 5-bit codes: Windows c/16 below zero, c/15 above; or the clamp") {
    // Bytes: U5 and V5 sign-extended, L6 0..63. −16 → −16/16 = −1; −15 → −15/16 = −0.9375 (not −1);
    // L 41 → 41/63.
    CHECK(decodeOne(TexelEncoding::L6V5U5, {0xF0, 0xF1, 41, 255}) == Rgba{-1.0f, -0.9375f, 41.0f / 63.0f, 1.0f});
    // 15 → 15/15 = 1; 1 → 1/15; L 63 → 1.
    CHECK(decodeOne(TexelEncoding::L6V5U5, {15, 1, 63, 255}) == Rgba{1.0f, 1.0f / 15.0f, 1.0f, 1.0f});
    // Clamped: −15 → max(−15/15, −1) = −1; −16 → max(−16/15, −1) = −1; −8 → −8/15.
    CHECK(decodeOne(TexelEncoding::L6V5U5Clamped, {0xF1, 0xF0, 0, 255}) == Rgba{-1.0f, -1.0f, 0.0f, 1.0f});
    CHECK(decodeOne(TexelEncoding::L6V5U5Clamped, {0xF8, 15, 0, 255}).r == -8.0f / 15.0f);
}

TEST_CASE("texture/texel_decode: V16U16 keeps 16 bits") {
    // U 0x4000 = 16384 → 16384/32767 (no 8-bit value gives it); V 0x8000 = −32768 → −1; B = A = 32767 → 1.
    const Rgba c = decodeOne(TexelEncoding::V16U16, {0x00, 0x40, 0x00, 0x80, 0xFF, 0x7F, 0xFF, 0x7F});
    CHECK(c == Rgba{16384.0f / 32767.0f, -1.0f, 1.0f, 1.0f});
    CHECK(decodeSnorm16(int16_t(-32767)) == -1.0f);
    CHECK(decodeSnorm16(int16_t(1)) == 1.0f / 32767.0f);
}

TEST_CASE("texture/texel_decode: the sampler steps over 8-byte V16U16 texels") {
    // 2×1: U codes 0 and 32767. Bilinear at u = 0.5: x = 0.5·2 − 0.5 = 0.5, α = 0.5: 0 + 0.5·(1 − 0) = 0.5.
    // Point at u = 0.75 reads texel 1: 1.0. V is 0x0100 = 256 → 256/32767 in both.
    Texture t;
    t.encoding = TexelEncoding::V16U16;
    t.levels.push_back(MipLevel{2, 1, {0x00, 0x00, 0x00, 0x01, 0xFF, 0x7F, 0xFF, 0x7F,  //
                                       0xFF, 0x7F, 0x00, 0x01, 0xFF, 0x7F, 0xFF, 0x7F}});
    SamplerState s;
    s.addressU = s.addressV = TextureAddress::Clamp;
    s.magFilter = TextureFilter::Linear;
    const Vec4 mid = sampleTexture(t, s, Vec2(0.5f, 0.5f), Vec2(1.0f / 1024.0f, 0.0f), Vec2(0.0f, 0.0f));
    CHECK((mid.x() == 0.5f && mid.y() == 256.0f / 32767.0f && mid.z() == 1.0f));
    s.magFilter = TextureFilter::Point;
    CHECK(sampleTexture(t, s, Vec2(0.75f, 0.5f), Vec2(1.0f / 1024.0f, 0.0f), Vec2(0.0f, 0.0f)).x() == 1.0f);
}

TEST_CASE("texture/mip_chain: mixed channels average as their own codes") {
    // X8L8V8U8 2×1 → 1×1: U (signed) −2 and 1: (−2 + −2 + 1 + 1 + 2) >> 2 = 0 (the edge repeats the row);
    // L (unsigned) 200 and 100: (200 + 200 + 100 + 100 + 2) >> 2 = 150.
    const MipLevel x = boxFilterLevel(MipLevel{2, 1, {0xFE, 0, 200, 255, 0x01, 0, 100, 255}}, TexelEncoding::X8L8V8U8);
    CHECK(x.rgba == std::vector<uint8_t>{0, 0, 150, 255});
    // V16U16 2×1: U −1000 and 3001: (−2000 + 6002 + 2) >> 2 = 1001 = 0x03E9; B/A 32767 stay.
    const MipLevel v = boxFilterLevel(
        MipLevel{2, 1, {0x18, 0xFC, 0, 0, 0xFF, 0x7F, 0xFF, 0x7F, 0xB9, 0x0B, 0, 0, 0xFF, 0x7F, 0xFF, 0x7F}},
        TexelEncoding::V16U16);
    CHECK(v.rgba == std::vector<uint8_t>{0xE9, 0x03, 0, 0, 0xFF, 0x7F, 0xFF, 0x7F});
}
