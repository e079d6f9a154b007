// SPDX-License-Identifier: MIT
// Texm parsing, decoding of all seven formats, mip-skip, Page cells, palettes
// and every malformed variant (legacy-behaviours §4.1; docs/textures.md T-1..T-4).
#include "formats/texm.h"
#include "refrast/error.h"
#include "tests/formats/texm_writer.h"

#include <doctest/doctest.h>

using namespace refrast;
using refrast::test::TexmSpec;
using refrast::test::writeTexm;

namespace {

// The RGBA8 of texel 0 of level 0 of a 1×1 file of `format` with the given bytes.
std::array<uint8_t, 4> decodeOne(uint32_t format, std::vector<uint8_t> texel, const TexmDecodeOptions& options = {},
                                 std::vector<uint8_t> palette = {}, uint32_t flags4 = 0) {
    TexmSpec s;
    s.format = format;
    s.flags4 = flags4;
    s.palette = std::move(palette);
    s.levels = {std::move(texel)};
    const Texture t = decodeTexm(parseTexm(writeTexm(s), "t.texm"), options, "t");
    const auto& p = t.levels[0].rgba;
    return {p[0], p[1], p[2], p[3]};
}

std::vector<uint8_t> paletteWithEntry5(std::array<uint8_t, 4> bytes) {
    std::vector<uint8_t> palette(kPaletteBytes, 0);
    for (size_t k = 0; k < 4; ++k) palette[5 * 4 + k] = bytes[k];
    return palette;
}

TexmSpec valid4x2() {  // 4×2, three levels (4×2, 2×1, 1×1), 565
    TexmSpec s;
    s.width = 4;
    s.height = 2;
    s.mipCount = 3;
    s.format = 565;
    s.levels = {std::vector<uint8_t>(16, 0), std::vector<uint8_t>(4, 0), std::vector<uint8_t>(2, 0)};
    return s;
}

void checkError(const TexmSpec& s, const std::string& expected) {
    CHECK_THROWS_WITH_AS(parseTexm(writeTexm(s), "t.texm"), expected.c_str(), InputError);
}

}  // namespace

TEST_CASE("formats/texm: a mip_count past the full chain repeats 1x1 levels (legacy corrections)") {
    TexmSpec s;  // 3x2 with 3 mips: 3x2, 1x1, 1x1 (565: 2 bytes per texel: 12 + 2 + 2 bytes)
    s.width = 3;
    s.height = 2;
    s.mipCount = 3;
    s.format = 565;
    s.levels = {std::vector<uint8_t>(12, 0), std::vector<uint8_t>(2, 0), std::vector<uint8_t>(2, 0)};
    const TexmFile t = parseTexm(writeTexm(s), "t.texm");
    REQUIRE(t.levels.size() == 3);
    CHECK((t.levels[1].width == 1 && t.levels[1].height == 1));
    CHECK((t.levels[2].width == 1 && t.levels[2].height == 1));
}

TEST_CASE("formats/texm: 565 widens by bit replication") {
    // u16 0x8410 = 10000 100000 10000: r5 = 16 → 10000|100 = 132, g6 = 32 → 100000|10 = 130, b5 = 16 → 132.
    CHECK(decodeOne(565, {0x10, 0x84}) == std::array<uint8_t, 4>{132, 130, 132, 255});
    // 0xF81F: r5 = 31 → 255, g6 = 0, b5 = 31 → 255 (magenta).
    CHECK(decodeOne(565, {0x1F, 0xF8}) == std::array<uint8_t, 4>{255, 0, 255, 255});
}

TEST_CASE("formats/texm: 556 puts six bits in blue") {
    // 0x07C0 = 00000 11111 000000: g5 = 31 → 255 (in 565 it would be g6 = 62 → 251).
    CHECK(decodeOne(556, {0xC0, 0x07}) == std::array<uint8_t, 4>{0, 255, 0, 255});
    // 0x0841 = 00001 00001 000001: r5 = 1 → 00001000 = 8, g5 = 1 → 8, b6 = 1 → 00000100 = 4.
    CHECK(decodeOne(556, {0x41, 0x08}) == std::array<uint8_t, 4>{8, 8, 4, 255});
}

TEST_CASE("formats/texm: 4444 is A4 R4 G4 B4 widened by replication") {
    // 0x8C3F: a = 8 → 0x88, r = 0xC → 0xCC, g = 3 → 0x33, b = 0xF → 0xFF.
    CHECK(decodeOne(4444, {0x3F, 0x8C}) == std::array<uint8_t, 4>{0xCC, 0x33, 0xFF, 0x88});
}

TEST_CASE("formats/texm: 88 has luminance in the high byte and alpha in the low byte") {
    // u16 0xC040 on disk [0x40, 0xC0]: L = 0xC0 to R, G and B; A = 0x40.
    CHECK(decodeOne(88, {0x40, 0xC0}) == std::array<uint8_t, 4>{0xC0, 0xC0, 0xC0, 0x40});
}

TEST_CASE("formats/texm: 888 keeps its X byte in the raw level but outputs alpha 255") {
    TexmSpec s;
    s.format = 888;
    s.levels = {{0x01, 0x02, 0x03, 0x77}};  // [B, G, R, X]
    const TexmFile t = parseTexm(writeTexm(s), "t.texm");
    CHECK(t.levels[0].raw == std::vector<uint8_t>{0x01, 0x02, 0x03, 0x77});
    CHECK(decodeOne(888, {0x01, 0x02, 0x03, 0x77}) == std::array<uint8_t, 4>{0x03, 0x02, 0x01, 0xFF});
}

TEST_CASE("formats/texm: 8888 is [B, G, R, A] on disk") {
    CHECK(decodeOne(8888, {0x01, 0x02, 0x03, 0x04}) == std::array<uint8_t, 4>{0x03, 0x02, 0x01, 0x04});
}

TEST_CASE("formats/texm: format 0 indexes the palette in the chosen byte order") {
    const auto palette = paletteWithEntry5({0x10, 0x20, 0x30, 0x40});
    TexmDecodeOptions options;
    CHECK(decodeOne(0, {5}, options, palette) == std::array<uint8_t, 4>{0x30, 0x20, 0x10, 0xFF});  // GAME (default): B, G, R, X
    options.paletteOrder = PaletteByteOrder::Bgra;
    CHECK(decodeOne(0, {5}, options, palette) == std::array<uint8_t, 4>{0x30, 0x20, 0x10, 0x40});
    options.paletteOrder = PaletteByteOrder::Bgrx;
    CHECK(decodeOne(0, {5}, options, palette) == std::array<uint8_t, 4>{0x30, 0x20, 0x10, 0xFF});
    options.paletteOrder = PaletteByteOrder::Rgba;
    CHECK(decodeOne(0, {5}, options, palette) == std::array<uint8_t, 4>{0x10, 0x20, 0x30, 0x40});
    options.paletteOrder = PaletteByteOrder::Rgbx;  // DirectDraw PALETTEENTRY, peFlags ignored
    CHECK(decodeOne(0, {5}, options, palette) == std::array<uint8_t, 4>{0x10, 0x20, 0x30, 0xFF});
}

TEST_CASE("formats/texm: the game's palette order makes index 0 transparent only on alpha surfaces") {
    std::vector<uint8_t> palette = paletteWithEntry5({0x10, 0x20, 0x30, 0x40});
    palette[0] = 0x01, palette[1] = 0x02, palette[2] = 0x03, palette[3] = 0x04;  // entry 0: B 1, G 2, R 3, X 4
    // No alpha-surface bit: entry 0 is opaque like every other.
    CHECK(decodeOne(0, {0}, {}, palette, 0x00FFFFFF) == std::array<uint8_t, 4>{0x03, 0x02, 0x01, 0xFF});
    // flags4 bit 0x1000000 or 0x2000000: index 0 gets alpha 0 (colour kept), index 5 stays opaque.
    CHECK(decodeOne(0, {0}, {}, palette, 0x1000000) == std::array<uint8_t, 4>{0x03, 0x02, 0x01, 0x00});
    CHECK(decodeOne(0, {0}, {}, palette, 0x2000000) == std::array<uint8_t, 4>{0x03, 0x02, 0x01, 0x00});
    CHECK(decodeOne(0, {5}, {}, palette, 0x2000000) == std::array<uint8_t, 4>{0x30, 0x20, 0x10, 0xFF});
    // The other orders ignore the bit.
    TexmDecodeOptions bgra;
    bgra.paletteOrder = PaletteByteOrder::Bgra;
    CHECK(decodeOne(0, {0}, bgra, palette, 0x1000000) == std::array<uint8_t, 4>{0x03, 0x02, 0x01, 0x04});
}

TEST_CASE("formats/texm: a replacement palette overrides the file's") {
    const auto other = paletteWithEntry5({0xAA, 0xBB, 0xCC, 0xDD});
    TexmDecodeOptions options;
    options.palette = &other;
    // GAME order (default): B, G, R read from the replacement, X ignored (opaque).
    CHECK(decodeOne(0, {5}, options, std::vector<uint8_t>(kPaletteBytes, 0)) ==
          std::array<uint8_t, 4>{0xCC, 0xBB, 0xAA, 0xFF});
}

TEST_CASE("formats/texm: header fields, level sizes and the Page chunk are read verbatim") {
    TexmSpec s = valid4x2();
    s.flags4 = 0xDEADBEEF;
    s.flags5 = 7;
    s.unknown6 = 0x80000000;
    s.page = std::vector<std::array<int16_t, 4>>{{1, 2, -3, 4}};  // x, width, y, height
    const TexmFile t = parseTexm(writeTexm(s), "t.texm");
    CHECK(t.flags4 == 0xDEADBEEF);
    CHECK(t.flags5 == 7);
    CHECK(t.unknown6 == 0x80000000);
    REQUIRE(t.levels.size() == 3);
    CHECK((t.levels[1].width == 2 && t.levels[1].height == 1 && t.levels[1].raw.size() == 4));
    CHECK((t.levels[2].width == 1 && t.levels[2].height == 1 && t.levels[2].raw.size() == 2));
    CHECK(t.hasPage);
    CHECK(t.pages == std::vector<PageCell>{{1, -3, 2, 4}});
}

TEST_CASE("formats/texm: mip-skip makes level k the base and rescales Page rects with floor/ceil") {
    TexmSpec s;
    s.width = 8;
    s.height = 8;
    s.mipCount = 4;
    s.format = 8888;
    for (int i = 0; i < 4; ++i) s.levels.push_back(std::vector<uint8_t>(size_t(64 >> (2 * i)) * 4, uint8_t(i)));
    // x = 3, width 3 at 8 → 4: x0 = floor(12/8) = 1, x1 = ceil(24/8) = 3 → width 2.
    // y = -3, height 2: y0 = floor(-12/8) = -2, y1 = ceil(-4/8) = 0 → height 2.
    s.page = std::vector<std::array<int16_t, 4>>{{3, 3, -3, 2}};
    const TexmFile t = skipTexmMips(parseTexm(writeTexm(s), "t.texm"), 1);
    CHECK((t.width == 4 && t.height == 4 && t.mipCount == 3));
    CHECK(t.levels[0].raw[0] == 1);  // old level 1
    CHECK(t.pages == std::vector<PageCell>{{1, -2, 2, 2}});
}

TEST_CASE("formats/texm: scalePageCell is a true floor/ceil for negative coordinates") {
    // x = -5, width 1 at 8 → 2: x0 = floor(-10/8) = -2, x1 = ceil(-8/8) = -1 → width 1.
    CHECK(scalePageCell({-5, 0, 1, 8}, 8, 8, 2, 2) == PageCell{-2, 0, 1, 2});
    // non-power-of-two ratio 10 → 3: x = 7, width 2: floor(21/10) = 2, ceil(27/10) = 3.
    CHECK(scalePageCell({7, 7, 2, 2}, 10, 10, 3, 3) == PageCell{2, 2, 1, 1});
}

TEST_CASE("formats/texm: palette suffixes name 286 slots, anything else is invalid") {
    CHECK(paletteSlotFromSuffix("A") == 0);
    CHECK(paletteSlotFromSuffix("A0") == 1);
    CHECK(paletteSlotFromSuffix("A9") == 10);
    CHECK(paletteSlotFromSuffix("B") == 11);
    CHECK(paletteSlotFromSuffix("Z9") == 285);  // 25·11 + 1 + 9: the 286th slot
    CHECK_FALSE(paletteSlotFromSuffix(""));
    CHECK_FALSE(paletteSlotFromSuffix("a"));
    CHECK_FALSE(paletteSlotFromSuffix("AA"));
    CHECK_FALSE(paletteSlotFromSuffix("A10"));
    CHECK_FALSE(paletteSlotFromSuffix("7"));
}

TEST_CASE("formats/texm: malformed files fail with the byte offset") {
    std::vector<uint8_t> shortHeader = writeTexm(valid4x2());
    shortHeader.resize(20);
    CHECK_THROWS_WITH_AS(parseTexm(shortHeader, "t.texm"),
                         "t.texm: byte offset 0: truncated Texm header (needs 32 bytes, 20 remain)", InputError);

    TexmSpec s = valid4x2();
    s.magic = 0x6D786555;
    checkError(s, "t.texm: byte offset 0: bad magic 0x6D786555, expected \"Texm\" (0x6D786554)");

    s = valid4x2();
    s.width = 0;
    checkError(s, "t.texm: byte offset 4: width 0 is not positive");
    s = valid4x2();
    s.height = 0;
    checkError(s, "t.texm: byte offset 8: height 0 is not positive");
    s = valid4x2();
    s.mipCount = 0;
    checkError(s, "t.texm: byte offset 12: mip_count 0 is not positive");

    s = valid4x2();
    s.width = 16385;
    checkError(s, "t.texm: byte offset 4: width 16385 exceeds the limit 16384");
    s = valid4x2();
    s.height = 0xFFFFFFFF;
    checkError(s, "t.texm: byte offset 8: height 4294967295 exceeds the limit 16384");

    s = valid4x2();
    s.mipCount = 33;
    checkError(s, "t.texm: byte offset 12: mip_count 33 exceeds 32 levels (a 4x2 chain has 3 distinct sizes)");

    s = valid4x2();
    s.format = 566;
    checkError(s, "t.texm: byte offset 28: unknown format 566 (expected 0, 565, 556, 4444, 88, 888 or 8888)");
}

TEST_CASE("formats/texm: truncation, Page and trailing-byte errors name the offset") {
    TexmSpec s = valid4x2();
    s.levels[2].clear();  // level 2 starts at 32 + 16 + 4 = 52 and needs 2 bytes
    checkError(s, "t.texm: byte offset 52: truncated mip level 2 (needs 2 bytes, 0 remain)");

    s = valid4x2();
    s.format = 0;
    s.palette = std::vector<uint8_t>(1000, 0);
    s.levels.clear();
    checkError(s, "t.texm: byte offset 32: truncated palette (needs 1024 bytes, 1000 remain)");

    s = valid4x2();
    s.trailing = {1, 2, 3};  // the chain ends at 54
    checkError(s, "t.texm: byte offset 54: 3 trailing bytes after the mip chain (expected end of file or a \"Page\" chunk)");

    s = valid4x2();
    s.page = std::vector<std::array<int16_t, 4>>{{0, 1, 0, 1}};
    s.pageCount = 2;  // claims 2 records, holds 1: 16 bytes instead of 24
    checkError(s, "t.texm: byte offset 54: Page chunk size 16 does not match 8 + 8 x 2 = 24");

    s = valid4x2();
    s.page = std::vector<std::array<int16_t, 4>>{{0, 1, 0, 1}};
    s.trailing = {9};  // the Page chunk ends at 54 + 16 = 70
    checkError(s, "t.texm: byte offset 70: 1 trailing bytes after the Page chunk of 1 rects (its size must be exactly 16)");

    s = valid4x2();
    s.page = std::vector<std::array<int16_t, 4>>{{0, -1, 0, 1}};
    checkError(s, "t.texm: byte offset 62: Page rect 0 has a negative size");
}
