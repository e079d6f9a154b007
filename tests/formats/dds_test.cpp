// SPDX-License-Identifier: MIT
// DDS: every supported pixel format decoded by hand, DXT blocks with each
// rounding option, DXT1's transparent mode, and malformed files (T-17, T-18).
#include "formats/dds.h"
#include "refrast/error.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>

using namespace refrast;

namespace {

struct PixelFormatSpec {
    uint32_t flags = 0, fourCC = 0, bits = 0, r = 0, g = 0, b = 0, a = 0;
};

void put(std::vector<uint8_t>& out, size_t at, uint32_t v) {
    for (size_t i = 0; i < 4; ++i) out[at + i] = uint8_t(v >> (8 * i));
}

// A DDS file: header (with DDSD_MIPMAPCOUNT when mips > 1) followed by `data`.
std::vector<uint8_t> dds(uint32_t w, uint32_t h, uint32_t mips, PixelFormatSpec pf, const std::vector<uint8_t>& data) {
    std::vector<uint8_t> out(128 + data.size(), 0);
    std::copy(data.begin(), data.end(), out.begin() + 128);
    put(out, 0, 0x20534444);  // "DDS "
    put(out, 4, 124);
    put(out, 8, 0x1007 | (mips > 1 ? 0x20000 : 0));  // CAPS|HEIGHT|WIDTH|PIXELFORMAT (+MIPMAPCOUNT)
    put(out, 12, h);
    put(out, 16, w);
    put(out, 28, mips);
    put(out, 76, 32);
    for (auto [at, v] : {std::pair{80, pf.flags}, {84, pf.fourCC}, {88, pf.bits}, {92, pf.r}, {96, pf.g}, {100, pf.b}, {104, pf.a}})
        put(out, size_t(at), v);
    put(out, 108, 0x1000);  // DDSCAPS_TEXTURE
    return out;
}

constexpr uint32_t kRgb = 0x40, kAlphaPixels = 0x1;

std::array<uint8_t, 4> firstTexel(const std::vector<uint8_t>& file) {
    const DdsFile d = parseDds(file, "t.dds", {});
    const auto& p = d.texture.levels[0].rgba;
    return {p[0], p[1], p[2], p[3]};
}

std::array<uint8_t, 4> one(PixelFormatSpec pf, std::vector<uint8_t> texel) { return firstTexel(dds(1, 1, 1, pf, texel)); }

using Rgba = std::array<uint8_t, 4>;

}  // namespace

TEST_CASE("formats/dds: 32-bit A8R8G8B8 and X8R8G8B8") {
    CHECK(one({kRgb | kAlphaPixels, 0, 32, 0xFF0000, 0xFF00, 0xFF, 0xFF000000}, {1, 2, 3, 4}) == Rgba{3, 2, 1, 4});
    CHECK(one({kRgb, 0, 32, 0xFF0000, 0xFF00, 0xFF, 0}, {1, 2, 3, 9}) == Rgba{3, 2, 1, 255});  // X ignored
}

TEST_CASE("formats/dds: 16-bit RGB formats widen by bit replication") {
    // R5G6B5 0x8410: r 16 → 132, g 32 → 130, b 16 → 132.
    CHECK(one({kRgb, 0, 16, 0xF800, 0x07E0, 0x001F, 0}, {0x10, 0x84}) == Rgba{132, 130, 132, 255});
    // X1R5G5B5 0xFC00: the top bit is ignored, r 31 → 255.
    CHECK(one({kRgb, 0, 16, 0x7C00, 0x03E0, 0x001F, 0}, {0x00, 0xFC}) == Rgba{255, 0, 0, 255});
    // A1R5G5B5 0x801F: a 1 → 255, b 31 → 255; 0x001F: a 0.
    CHECK(one({kRgb | kAlphaPixels, 0, 16, 0x7C00, 0x03E0, 0x001F, 0x8000}, {0x1F, 0x80}) == Rgba{0, 0, 255, 255});
    CHECK(one({kRgb | kAlphaPixels, 0, 16, 0x7C00, 0x03E0, 0x001F, 0x8000}, {0x1F, 0x00}) == Rgba{0, 0, 255, 0});
    // A4R4G4B4 0x8C3F: a 8 → 0x88, r C → 0xCC, g 3 → 0x33, b F → 0xFF.
    CHECK(one({kRgb | kAlphaPixels, 0, 16, 0x0F00, 0x00F0, 0x000F, 0xF000}, {0x3F, 0x8C}) == Rgba{0xCC, 0x33, 0xFF, 0x88});
}

TEST_CASE("formats/dds: A8, L8 and A8L8") {
    CHECK(one({0x2, 0, 8, 0, 0, 0, 0xFF}, {0x7F}) == Rgba{0, 0, 0, 0x7F});                          // colour 0
    CHECK(one({0x20000, 0, 8, 0xFF, 0, 0, 0}, {0x40}) == Rgba{0x40, 0x40, 0x40, 0xFF});              // (L, L, L, 1)
    CHECK(one({0x20001, 0, 16, 0xFF, 0, 0, 0xFF00}, {0x40, 0xC0}) == Rgba{0x40, 0x40, 0x40, 0xC0});  // L low, A high
}

TEST_CASE("formats/dds: P8 reads its PALETTEENTRY [R, G, B, A] palette after the header") {
    std::vector<uint8_t> data(1024, 0);
    data[5 * 4 + 0] = 0x10, data[5 * 4 + 1] = 0x20, data[5 * 4 + 2] = 0x30, data[5 * 4 + 3] = 0x40;
    data.push_back(5);  // the one texel: index 5
    CHECK(firstTexel(dds(1, 1, 1, {0x20, 0, 8}, data)) == Rgba{0x10, 0x20, 0x30, 0x40});
}

TEST_CASE("formats/dds: V8U8 is signed: bytes kept, encoding Snorm8, missing channels +1") {
    const DdsFile d = parseDds(dds(1, 1, 1, {0x80000, 0, 16, 0x00FF, 0xFF00}, {0x81, 0x40}), "t.dds", {});
    CHECK(d.format == DdsFormat::V8U8);
    CHECK(d.texture.encoding == TexelEncoding::Snorm8);
    // U = 0x81 (−127 → −1.0), V = 0x40 (64 → 64/127), B = A = 127 (+1.0).
    CHECK(d.texture.levels[0].rgba == std::vector<uint8_t>{0x81, 0x40, 127, 127});
}

TEST_CASE("formats/dds: A4L4 widens both nibbles by replication") {
    // 0x3C: L = C → 0xCC, A = 3 → 0x33 (DDPF_LUMINANCE | DDPF_ALPHAPIXELS, masks 0x0F / 0xF0).
    CHECK(one({0x20001, 0, 8, 0x0F, 0, 0, 0xF0}, {0x3C}) == Rgba{0xCC, 0xCC, 0xCC, 0x33});
}

TEST_CASE("formats/dds: L6V5U5 keeps its 5-bit signed codes and 6-bit luminance") {
    // u16 0xA5F0 = 1010 01|01 111|1 0000: U = 0x10 (−16), V = 0x0F (+15), L = 0x29 (41).
    // DDPF_BUMPLUMINANCE (DirectXTex) alone or with DDPF_BUMPDUDV (DirectDraw).
    for (uint32_t flags : {0x40000u, 0xC0000u}) {
        const DdsFile d = parseDds(dds(1, 1, 1, {flags, 0, 16, 0x001F, 0x03E0, 0xFC00}, {0xF0, 0xA5}), "t.dds", {});
        CHECK(d.format == DdsFormat::L6V5U5);
        CHECK(d.texture.encoding == TexelEncoding::L6V5U5);
        CHECK(d.texture.levels[0].rgba == std::vector<uint8_t>{0xF0, 0x0F, 41, 255});  // −16 as i8 is 0xF0
    }
    DdsOptions clamp;
    clamp.snorm5 = Snorm5Rule::Clamp;
    CHECK(parseDds(dds(1, 1, 1, {0x40000, 0, 16, 0x001F, 0x03E0, 0xFC00}, {0xF0, 0xA5}), "t.dds", clamp).texture.encoding ==
          TexelEncoding::L6V5U5Clamped);
}

TEST_CASE("formats/dds: X8L8V8U8, Q8W8V8U8 and V16U16") {
    // X8L8V8U8 bytes [U, V, L, X]: X becomes 255 (alpha 1).
    const DdsFile x = parseDds(dds(1, 1, 1, {0x40000, 0, 32, 0xFF, 0xFF00, 0xFF0000}, {0x81, 0x7F, 0xC0, 0x12}), "t.dds", {});
    CHECK((x.format == DdsFormat::X8L8V8U8 && x.texture.encoding == TexelEncoding::X8L8V8U8));
    CHECK(x.texture.levels[0].rgba == std::vector<uint8_t>{0x81, 0x7F, 0xC0, 0xFF});
    // Q8W8V8U8 bytes [U, V, W, Q], all signed; its alpha mask comes without DDPF_ALPHAPIXELS.
    const DdsFile q =
        parseDds(dds(1, 1, 1, {0x80000, 0, 32, 0xFF, 0xFF00, 0xFF0000, 0xFF000000}, {1, 2, 0x80, 0xFF}), "t.dds", {});
    CHECK((q.format == DdsFormat::Q8W8V8U8 && q.texture.encoding == TexelEncoding::Snorm8));
    CHECK(q.texture.levels[0].rgba == std::vector<uint8_t>{1, 2, 0x80, 0xFF});
    // V16U16 u32 0x80017FFF: U = 0x7FFF (+1), V = 0x8001 (−32767 → −1); kept as i16 with B = A = 32767.
    const DdsFile v = parseDds(dds(1, 1, 1, {0x80000, 0, 32, 0xFFFF, 0xFFFF0000}, {0xFF, 0x7F, 0x01, 0x80}), "t.dds", {});
    CHECK((v.format == DdsFormat::V16U16 && v.texture.encoding == TexelEncoding::V16U16));
    CHECK(v.texture.levels[0].rgba == std::vector<uint8_t>{0xFF, 0x7F, 0x01, 0x80, 0xFF, 0x7F, 0xFF, 0x7F});
}

TEST_CASE("formats/dds: DXT2 and DXT4 decode as DXT3 and DXT5 blocks, premultiplied colour as stored") {
    // One block: alpha nibbles 0x3 for texel 0 (→ 0x33); colour c0 = 0x8000 (r5 16 → 132) premultiplied by the author.
    std::vector<uint8_t> block(16, 0);
    block[0] = 0x03;
    block[9] = 0x80;
    const DdsFile d2 = parseDds(dds(1, 1, 1, {0x4, 0x32545844}, block), "t.dds", {});  // "DXT2"
    CHECK(d2.format == DdsFormat::Dxt2);
    CHECK(d2.texture.levels[0].rgba == std::vector<uint8_t>{132, 0, 0, 0x33});
    std::vector<uint8_t> block5(16, 0);
    block5[0] = 0x40;  // a0 = 64, a1 = 0, every index 0 → 64
    block5[9] = 0x80;
    const DdsFile d4 = parseDds(dds(1, 1, 1, {0x4, 0x34545844}, block5), "t.dds", {});  // "DXT4"
    CHECK(d4.format == DdsFormat::Dxt4);
    CHECK(d4.texture.levels[0].rgba == std::vector<uint8_t>{132, 0, 0, 64});
}

TEST_CASE("formats/dds: a numeric D3DFMT FourCC selects the same format") {
    CHECK(one({0x4, 52}, {0x3C}) == Rgba{0xCC, 0xCC, 0xCC, 0x33});  // D3DFMT_A4L4 = 52
    CHECK(one({0x4, 21}, {1, 2, 3, 4}) == Rgba{3, 2, 1, 4});  // D3DFMT_A8R8G8B8 = 21
}

TEST_CASE("formats/dds: DXT1 four-colour block under each rounding option") {
    // c0 = 0x1800 (r5 3 → 24), c1 = 0x0800 (r5 1 → 8); c0 > c1: four colours.
    // c2 = (2·24 + 8)/3 = 18.67: NEAREST 19, TRUNCATE 18, FLOAT (6/31 + 1/31)/3·255 = 19.19 → 19.
    // c3 = (24 + 2·8)/3 = 13.33: NEAREST 13, TRUNCATE 13, FLOAT (3/31 + 2/31)/3·255 = 13.71 → 14.
    const uint8_t block[8] = {0x00, 0x18, 0x00, 0x08, 0xE4, 0, 0, 0};  // texels 0..3 use indices 0, 1, 2, 3
    const auto red = [&](DxtRounding r) {
        const DxtBlockRgba b = decodeDxt1Block(block, r);
        return std::array<uint8_t, 4>{b[0][0], b[1][0], b[2][0], b[3][0]};
    };
    CHECK(red(DxtRounding::Nearest) == Rgba{24, 8, 19, 13});
    CHECK(red(DxtRounding::Truncate) == Rgba{24, 8, 18, 13});
    CHECK(red(DxtRounding::Float) == Rgba{24, 8, 19, 14});
    CHECK(decodeDxt1Block(block, DxtRounding::Nearest)[3] == Rgba{13, 0, 0, 255});
}

TEST_CASE("formats/dds: DXT1 three-colour mode keeps index 3 transparent black") {
    // c0 = 0x0000 ≤ c1 = 0x2000 (r5 4 → 00100001 = 33): c2 = (0 + 33)/2 = 16.5:
    // NEAREST 17, TRUNCATE 16, FLOAT 4/31/2·255 = 16.45 → 16; c3 = (0, 0, 0, 0).
    const uint8_t block[8] = {0x00, 0x00, 0x00, 0x20, 0xE4, 0, 0, 0};
    CHECK(decodeDxt1Block(block, DxtRounding::Nearest)[2] == Rgba{17, 0, 0, 255});
    CHECK(decodeDxt1Block(block, DxtRounding::Truncate)[2] == Rgba{16, 0, 0, 255});
    CHECK(decodeDxt1Block(block, DxtRounding::Float)[2] == Rgba{16, 0, 0, 255});
    CHECK(decodeDxt1Block(block, DxtRounding::Nearest)[3] == Rgba{0, 0, 0, 0});
}

TEST_CASE("formats/dds: DXT3 explicit alpha and DXT5 interpolated alpha") {
    uint8_t dxt3[16] = {0xF3};  // texel 0 alpha 3 → 0x33, texel 1 alpha F → 0xFF
    const DxtBlockRgba b3 = decodeDxt3Block(dxt3, DxtRounding::Nearest);
    CHECK((b3[0][3] == 0x33 && b3[1][3] == 0xFF && b3[2][3] == 0x00));
    // a0 = 255 > a1 = 0; indices texel 0 → 2, texel 1 → 7, texel 2 → 6 (bits 2 | 7 << 3 | 6 << 6 = 0x1BA).
    // a2 = (6·255)/7 = 218.57 → 219 (TRUNCATE 218); a7 = 255/7 = 36.4 → 36; a6 = (2·255)/7 = 72.86 → 73.
    uint8_t dxt5[16] = {255, 0, 0xBA, 0x01};
    const DxtBlockRgba b5 = decodeDxt5Block(dxt5, DxtRounding::Nearest);
    CHECK((b5[0][3] == 219 && b5[1][3] == 36 && b5[2][3] == 73));
    CHECK(decodeDxt5Block(dxt5, DxtRounding::Truncate)[0][3] == 218);
    // a0 = 0 ≤ a1 = 255: six-alpha mode, a2 = 255/5 = 51, a6 = 0, a7 = 255.
    uint8_t six[16] = {0, 255, 0xBA, 0x01};
    const DxtBlockRgba b6 = decodeDxt5Block(six, DxtRounding::Nearest);
    CHECK((b6[0][3] == 51 && b6[1][3] == 255 && b6[2][3] == 0));
}

TEST_CASE("formats/dds: DXT levels of a 2×2 texture crop one block; mips are read in order") {
    std::vector<uint8_t> data(16, 0);  // two DXT1 blocks: 2×2 and 1×1
    data[1] = 0xF8;                   // level 0: c0 = 0xF800 red, indices 0
    const DdsFile d = parseDds(dds(2, 2, 2, {0x4, 0x31545844}, data), "t.dds", {});  // "DXT1"
    REQUIRE(d.texture.levels.size() == 2);
    CHECK(d.texture.levels[0].rgba == std::vector<uint8_t>{255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255});
    CHECK(d.texture.levels[1].rgba == std::vector<uint8_t>{0, 0, 0, 255});  // c0 = c1 = 0: index 0 black
}

TEST_CASE("formats/dds: malformed files fail with the byte offset") {
    const PixelFormatSpec argb{kRgb | kAlphaPixels, 0, 32, 0xFF0000, 0xFF00, 0xFF, 0xFF000000};
    std::vector<uint8_t> f = dds(1, 1, 1, argb, {1, 2, 3, 4});
    f[0] = 'X';
    CHECK_THROWS_WITH_AS(parseDds(f, "t.dds", {}), "t.dds: byte offset 0: bad magic, expected \"DDS \"", InputError);
    CHECK_THROWS_WITH_AS(parseDds(dds(1, 1, 1, argb, {1, 2}), "t.dds", {}),
                         "t.dds: byte offset 128: truncated mip level 0 (needs 4 bytes, 2 remain)", InputError);
    CHECK_THROWS_WITH_AS(parseDds(dds(1, 1, 1, argb, {1, 2, 3, 4, 5}), "t.dds", {}),
                         "t.dds: byte offset 132: 1 trailing bytes after the last mip level", InputError);
    CHECK_THROWS_WITH_AS(parseDds(dds(2, 2, 3, argb, {}), "t.dds", {}),
                         "t.dds: byte offset 28: mip count 3 exceeds the 2 levels of a 2x2 chain", InputError);
    CHECK_THROWS_WITH_AS(parseDds(dds(0, 1, 1, argb, {}), "t.dds", {}), "t.dds: byte offset 16: width 0 outside 1..16384",
                         InputError);
    CHECK_THROWS_WITH_AS(
        parseDds(dds(1, 1, 1, {kRgb, 0, 24, 0xFF0000, 0xFF00, 0xFF, 0}, {1, 2, 3}), "t.dds", {}),
        "t.dds: byte offset 76: unsupported pixel format (flags 0x40, fourCC 0x00000000, 24 bits, masks R 0xFF0000 G 0xFF00 "
        "B 0xFF A 0x0)",
        InputError);
    CHECK_THROWS_WITH_AS(parseDds(dds(4, 4, 1, {0x4, 0x31545844 + 0x100}, std::vector<uint8_t>(16)), "t.dds", {}),
                         "t.dds: byte offset 84: unsupported FourCC 0x31545944 (expected DXT1 to DXT5 or a supported "
                         "D3DFMT code)",
                         InputError);  // "DXY1"
}

namespace {

constexpr uint32_t kCubemap = 0x200, kAllFaces = 0xFC00;  // DDSCAPS2_CUBEMAP, POSITIVEX..NEGATIVEZ

// A cube map DDS: the 2D header with dwCaps2 at byte 112.
std::vector<uint8_t> cubeDds(uint32_t side, uint32_t mips, uint32_t caps2, const std::vector<uint8_t>& data) {
    std::vector<uint8_t> f = dds(side, side, mips, {kRgb | kAlphaPixels, 0, 32, 0xFF0000, 0xFF00, 0xFF, 0xFF000000}, data);
    put(f, 112, caps2);
    return f;
}

}  // namespace

TEST_CASE("formats/dds: a cube map holds six faces in D3DCUBEMAP_FACES order, each with its mip chain") {
    // 2×2 faces with 2 levels: per face 4 + 1 texels of 4 bytes = 20 bytes,
    // six faces = 120 bytes. Face f's texels are all B = f, G = level (A8R8G8B8
    // bytes on disk are B, G, R, A).
    std::vector<uint8_t> data;
    for (uint8_t f = 0; f < 6; ++f)
        for (uint8_t level = 0; level < 2; ++level)
            for (int texel = 0; texel < (level == 0 ? 4 : 1); ++texel) data.insert(data.end(), {f, level, 0x80, 0xFF});
    const DdsFile d = parseDds(cubeDds(2, 2, kCubemap | kAllFaces, data), "c.dds", {});
    CHECK(d.texture.type == TextureType::Cube);
    CHECK(d.texture.levels.empty());
    REQUIRE(d.texture.faces.size() == 6);
    for (uint8_t f = 0; f < 6; ++f) {
        const Texture& face = d.texture.faces[f];
        REQUIRE(face.levels.size() == 2);
        CHECK(face.levels[0].width == 2);
        CHECK(face.levels[1].width == 1);
        // RGBA8 = (R 0x80, G level, B face, A 0xFF).
        CHECK(face.levels[0].rgba[0] == 0x80);
        CHECK(face.levels[0].rgba[2] == f);
        CHECK(face.levels[1].rgba[1] == 1);
        CHECK(face.levels[1].rgba[2] == f);
    }
}

TEST_CASE("formats/dds: partial, non-square and truncated cube maps fail with the byte offset") {
    const std::vector<uint8_t> sixFaces(6 * 4, 0);
    // DDSCAPS2_NEGATIVEY (0x2000) missing.
    CHECK_THROWS_WITH_AS(parseDds(cubeDds(1, 1, kCubemap | (kAllFaces & ~0x2000u), sixFaces), "c.dds", {}),
                         "c.dds: byte offset 112: partial cube map: face(s) -Y missing (a D3D9 cube texture has all six)",
                         InputError);
    CHECK_THROWS_WITH_AS(parseDds(cubeDds(1, 1, kCubemap, sixFaces), "c.dds", {}),
                         "c.dds: byte offset 112: partial cube map: face(s) +X, -X, +Y, -Y, +Z, -Z missing (a D3D9 cube "
                         "texture has all six)",
                         InputError);
    std::vector<uint8_t> wide = cubeDds(1, 1, kCubemap | kAllFaces, std::vector<uint8_t>(12 * 4, 0));
    put(wide, 16, 2);  // width 2, height 1
    CHECK_THROWS_WITH_AS(parseDds(wide, "c.dds", {}),
                         "c.dds: byte offset 12: cube map faces are 2x1, expected square faces", InputError);
    // Five faces of data: face −Z (the sixth) starts at 128 + 5 · 4 = 148.
    CHECK_THROWS_WITH_AS(parseDds(cubeDds(1, 1, kCubemap | kAllFaces, std::vector<uint8_t>(5 * 4, 0)), "c.dds", {}),
                         "c.dds: byte offset 148: truncated cube face -Z mip level 0 (needs 4 bytes, 0 remain)", InputError);
    CHECK_THROWS_WITH_AS(parseDds(cubeDds(1, 1, 0x200000, sixFaces), "c.dds", {}),
                         "c.dds: byte offset 112: volume textures are not supported", InputError);
}
