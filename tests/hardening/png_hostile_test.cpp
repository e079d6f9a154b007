// SPDX-License-Identifier: MIT
// Hostile PNGs (issue 14): every CRC and the Adler-32 checked, palette
// indices range-checked, inflated size exactly the IHDR's, sizes in 64 bits,
// byte offsets in every message.
#include "formats/resource_budget.h"
#include "refrast/error.h"
#include "refrast/image.h"
#include "tests/hardening/png_builder.h"

#include "tests/hardening/error_of.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::test;

namespace {
// One red RGBA8 pixel: filter byte 0, then R G B A.
const std::vector<uint8_t> kRedRow = {0, 255, 0, 0, 255};
}  // namespace

TEST_CASE("hardening/png: a valid file still decodes, also with a zero-length IDAT before the data") {
    const std::vector<uint8_t> png = makePng(ihdr(1, 1, 8, 6), zlibCompress(kRedRow), {{"IDAT", {}}});
    const Image image = decodePng(png, "x.png");
    CHECK(image.width == 1);
    CHECK(image.rgba == std::vector<uint8_t>{255, 0, 0, 255});
}

TEST_CASE("hardening/png: a bad IHDR CRC names its byte offset") {
    std::vector<uint8_t> png = makePng(ihdr(1, 1, 8, 6), zlibCompress(kRedRow));
    // The IHDR's CRC follows its 13 data bytes: 8 (signature) + 8 (length, type) + 13 = 29.
    const uint32_t stored = uint32_t(png[29]) << 24 | uint32_t(png[30]) << 16 | uint32_t(png[31]) << 8 | png[32];
    png[32] ^= 0x01;
    char expected[200];
    std::snprintf(expected, sizeof expected,
                  "x.png: byte offset 29: IHDR chunk CRC mismatch (stored 0x%08x, computed 0x%08x)", stored ^ 0x01u, stored);
    CHECK(inputErrorOf([&] { decodePng(png, "x.png"); }) == std::string(expected));
}

TEST_CASE("hardening/png: a bad IDAT CRC and a bad Adler-32") {
    const std::vector<uint8_t> z = zlibCompress(kRedRow);
    std::vector<uint8_t> png = makePng(ihdr(1, 1, 8, 6), z);
    // IDAT at 33 (8 + 25 for IHDR); its CRC at 33 + 8 + size.
    png[33 + 8 + z.size()] ^= 0x80;
    CHECK(inputErrorOf([&] { decodePng(png, "x.png"); }).find("x.png: byte offset " + std::to_string(41 + z.size()) + ": IDAT chunk CRC mismatch") != std::string::npos);
    std::vector<uint8_t> badAdler = z;
    badAdler.at(badAdler.size() - 1) ^= 0x01;  // the Adler-32 is the stream's last 4 bytes
    CHECK(inputErrorOf([&] { decodePng(makePng(ihdr(1, 1, 8, 6), badAdler), "x.png"); }) == std::string("x.png: byte offset 33: corrupt zlib stream in IDAT: incorrect data check"));
}

TEST_CASE("hardening/png: a palette index beyond PLTE") {
    // 1x1, 8-bit palette with one entry; the pixel says index 1.
    const std::vector<uint8_t> png = makePng(ihdr(1, 1, 8, 3), zlibCompress({0, 1}), {{"PLTE", {10, 20, 30}}});
    // PLTE at 33 (3 data bytes: 15 in all), IDAT at 48.
    CHECK(inputErrorOf([&] { decodePng(png, "p.png"); }) == std::string("p.png: byte offset 48: palette index 1 at pixel (0, row 0) is beyond the 1 PLTE entries"));
    // 2-bit indices: 4 pixels in one byte 0b00011011 = indices 0,1,2,3; with 3 entries index 3 is out.
    const std::vector<uint8_t> low = makePng(ihdr(4, 1, 2, 3), zlibCompress({0, 0x1B}), {{"PLTE", std::vector<uint8_t>(9, 7)}});
    CHECK(inputErrorOf([&] { decodePng(low, "p.png"); }) == std::string("p.png: byte offset 54: palette index 3 at pixel (3, row 0) is beyond the 3 PLTE entries"));
}

TEST_CASE("hardening/png: a 1x1 image whose IDAT inflates far beyond its IHDR stops at once") {
    const std::vector<uint8_t> bomb = zlibCompress(std::vector<uint8_t>(size_t(64) << 20, 0));  // 64 MiB of zeros
    CHECK(inputErrorOf([&] { decodePng(makePng(ihdr(1, 1, 8, 6), bomb), "b.png"); }) == std::string("b.png: byte offset 33: image data inflates to more than the 5 bytes the IHDR implies"));
    // Short data is an error too: 1 of the 5 bytes.
    CHECK(inputErrorOf([&] { decodePng(makePng(ihdr(1, 1, 8, 6), zlibCompress({0})), "b.png"); }) == std::string("b.png: byte offset 33: image data inflates to 1 bytes, the IHDR implies 5"));
}

TEST_CASE("hardening/png: sizes are computed in 64 bits and checked against the budget before decoding") {
    // 16384^2 RGBA16: 16384 * (1 + 16384 * 8) = 2147500032 bytes of image data > INT_MAX.
    CHECK(inputErrorOf([&] { decodePng(makePng(ihdr(16384, 16384, 16, 6), zlibCompress({0})), "big.png"); }) == std::string("big.png: byte offset 16: PNG of 16384x16384 at 16 bits needs more than the decoder's 2 GiB of image data"));
    // 16384^2 RGBA8: 1073758208 inflated + 2 x 1073741824 RGBA8 = 3221241856 bytes = 3072.02 MiB -> 3073.
    CHECK(inputErrorOf([&] { decodePng(makePng(ihdr(16384, 16384, 8, 6), zlibCompress({0})), "big.png"); }) == std::string("big.png: byte offset 16: a 16384x16384 PNG needs 3073 MiB, over the memory budget of 2048 MiB "
                         "(--max-memory raises it)"));
}

TEST_CASE("hardening/png: structure errors name the offset and a reason") {
    std::vector<uint8_t> noEnd = pngSignature();
    pngChunk(noEnd, "IHDR", ihdr(1, 1, 8, 6));
    CHECK(inputErrorOf([&] { decodePng(noEnd, "t.png"); }) == std::string("t.png: byte offset 33: truncated: no IEND chunk"));
    CHECK(inputErrorOf([&] { decodePng(makePng(ihdr(1, 1, 8, 5), zlibCompress(kRedRow)), "t.png"); }) == std::string("t.png: byte offset 24: invalid IHDR colour type 5 with bit depth 8"));
    std::vector<uint8_t> onlyEmpty = pngSignature();
    pngChunk(onlyEmpty, "IHDR", ihdr(1, 1, 8, 6));
    pngChunk(onlyEmpty, "IDAT", {});
    pngChunk(onlyEmpty, "IEND", {});
    CHECK(inputErrorOf([&] { decodePng(onlyEmpty, "t.png"); }) == std::string("t.png: byte offset 33: the IDAT chunks hold no data"));
    std::vector<uint8_t> trailing = makePng(ihdr(1, 1, 8, 6), zlibCompress(kRedRow));
    trailing.push_back(0);  // ignored after IEND, like libpng
    CHECK(decodePng(trailing, "t.png").rgba == std::vector<uint8_t>{255, 0, 0, 255});
    CHECK(inputErrorOf([&] { decodePng(makePng(ihdr(1, 1, 8, 6), zlibCompress({7, 1, 2, 3, 4})), "t.png"); }) == std::string("t.png: byte offset 33: image data row 0 has filter type 7 (expected 0..4)"));
}
