// SPDX-License-Identifier: MIT
// The PNG image data compressed in pieces (formats/png_deflate.h): one zlib
// stream that zlib itself inflates exactly (it checks the Adler-32 and that
// the last block is final), the same bytes at every thread count.
#include "formats/png_deflate.h"
#include "refrast/image.h"

#include <doctest/doctest.h>
#include <stb_image.h>
#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <memory>

using namespace refrast;

namespace {

// Rows of `stride` bytes: a filter byte 0, then bytes that repeat a little
// (so igzip finds matches) and vary with the row.
std::vector<uint8_t> rowBytes(uint32_t rows, size_t stride) {
    std::vector<uint8_t> raw(size_t(rows) * stride);
    for (uint32_t y = 0; y < rows; ++y)
        for (size_t i = 0; i < stride; ++i) raw[y * stride + i] = i == 0 ? 0 : uint8_t((i % 7) * 31 + y * 3 + (i * y) % 5);
    return raw;
}

FilterRows copyRows(const std::vector<uint8_t>& raw, size_t stride) {
    return [&raw, stride](uint32_t begin, uint32_t end, uint8_t* out) {
        std::memcpy(out, raw.data() + size_t(begin) * stride, size_t(end - begin) * stride);
    };
}

// zlib's inflate of the whole stream: the bytes, and Z_STREAM_END exactly at its end.
std::vector<uint8_t> inflateAll(const std::vector<uint8_t>& stream, size_t expected) {
    std::vector<uint8_t> out(expected + 16);
    z_stream z{};
    REQUIRE(inflateInit(&z) == Z_OK);
    z.next_in = const_cast<Bytef*>(stream.data());
    z.avail_in = uInt(stream.size());
    z.next_out = out.data();
    z.avail_out = uInt(out.size());
    const int rc = inflate(&z, Z_FINISH);
    CHECK(rc == Z_STREAM_END);  // the last piece's block is final and the Adler-32 matches
    CHECK(z.avail_in == 0);     // nothing after the stream
    out.resize(z.total_out);
    inflateEnd(&z);
    return out;
}

// Occurrences of the sync flush's empty stored block: LEN 0000, NLEN FFFF (RFC 1951 §3.2.4).
size_t syncFlushes(const std::vector<uint8_t>& stream) {
    const uint8_t empty[4] = {0x00, 0x00, 0xFF, 0xFF};
    size_t n = 0;
    for (auto at = stream.begin(); (at = std::search(at, stream.end(), empty, empty + 4)) != stream.end(); ++at) ++n;
    return n;
}

}  // namespace

TEST_CASE("formats/png_deflate: pieces of whole rows make one zlib stream that inflates to the rows") {
    // 10 rows of 41 bytes, pieces of 100 bytes: 100 / 41 = 2 rows per piece,
    // so ceil(10 / 2) = 5 pieces and 4 sync flushes between them.
    const size_t stride = 41;
    const std::vector<uint8_t> raw = rowBytes(10, stride);
    const std::vector<uint8_t> stream = deflatePngRows(10, stride, copyRows(raw, stride), 1, 100);
    CHECK(stream[0] == 0x78);
    CHECK(stream[1] == 0x01);
    CHECK((stream[0] * 256 + stream[1]) % 31 == 0);  // 30721 = 31 * 991 (RFC 1950 FCHECK)
    CHECK(inflateAll(stream, raw.size()) == raw);
    CHECK(syncFlushes(stream) >= 4);
    // The Adler-32 of the whole, combined from the pieces', is the stream's last 4 bytes (big-endian).
    const uLong adler = adler32(1, raw.data(), uInt(raw.size()));
    const size_t n = stream.size();
    const uint32_t trailer =
        uint32_t(stream[n - 4]) << 24 | uint32_t(stream[n - 3]) << 16 | uint32_t(stream[n - 2]) << 8 | stream[n - 1];
    CHECK(trailer == uint32_t(adler));
}

TEST_CASE("formats/png_deflate: the bytes do not depend on the thread count") {
    const size_t stride = 1 + 64 * 4;
    const std::vector<uint8_t> raw = rowBytes(300, stride);
    const std::vector<uint8_t> one = deflatePngRows(300, stride, copyRows(raw, stride), 1, 4096);
    CHECK(deflatePngRows(300, stride, copyRows(raw, stride), 2, 4096) == one);
    CHECK(deflatePngRows(300, stride, copyRows(raw, stride), 8, 4096) == one);
    CHECK(inflateAll(one, raw.size()) == raw);
}

TEST_CASE("formats/png_deflate: a piece smaller than one row holds one row; no rows is an empty stream") {
    // Rows of 50 bytes, pieces of 10: every row is a piece of its own (3 pieces).
    const std::vector<uint8_t> raw = rowBytes(3, 50);
    CHECK(inflateAll(deflatePngRows(3, 50, copyRows(raw, 50), 2, 10), raw.size()) == raw);
    const std::vector<uint8_t> none;
    CHECK(inflateAll(deflatePngRows(0, 1, copyRows(none, 1), 1), 0).empty());
}

TEST_CASE("formats/png: an image of several pieces decodes to its pixels through refrast and stb_image") {
    // 700 x 400 RGBA: rows of 2801 bytes, 1 MiB / 2801 = 374 rows per piece, so 2 pieces.
    Image a(700, 400);
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x)
            for (int c = 0; c < 4; ++c) a.pixel(x, y)[c] = uint8_t((x * (c + 1) + y * 3) ^ (x * y >> 4));
    const std::vector<uint8_t> png = encodePng(a, 2);
    CHECK(png == encodePng(a, 1));
    CHECK(decodePng(png, "pieces.png") == a);
    int w = 0, h = 0, comp = 0;
    std::unique_ptr<stbi_uc, void (*)(void*)> px(stbi_load_from_memory(png.data(), int(png.size()), &w, &h, &comp, 4),
                                                 stbi_image_free);
    REQUIRE(px);
    CHECK(w == 700);
    CHECK(h == 400);
    CHECK(std::memcmp(px.get(), a.rgba.data(), a.rgba.size()) == 0);
}
