// SPDX-License-Identifier: MIT
// The libdeflate + in-place unfilter path for 8-bit RGB/RGBA PNGs against
// stb_image (the decoder every other PNG kind uses), and its filter choice.
#include "formats/png_filter.h"
#include "refrast/error.h"
#include "refrast/image.h"
#include "tests/hardening/png_builder.h"

#include <doctest/doctest.h>
#include <stb_image.h>

#include <cstdlib>
#include <memory>

using namespace refrast;
using namespace refrast::test;

namespace {

// Filters rows of `channels`-byte pixels with the filter types in `filters`
// (one per row, cycling), the encoder's job written out per PNG §9.2.
std::vector<uint8_t> filterRows(const std::vector<uint8_t>& px, uint32_t w, uint32_t h, int channels,
                                const std::vector<uint8_t>& filters) {
    const size_t stride = size_t(w) * size_t(channels);
    std::vector<uint8_t> raw;
    for (uint32_t y = 0; y < h; ++y) {
        const uint8_t f = filters[y % filters.size()];
        raw.push_back(f);
        for (size_t i = 0; i < stride; ++i) {
            const int x = px[y * stride + i];
            const int a = i >= size_t(channels) ? px[y * stride + i - size_t(channels)] : 0;
            const int b = y > 0 ? px[(y - 1) * stride + i] : 0;
            const int c = y > 0 && i >= size_t(channels) ? px[(y - 1) * stride + i - size_t(channels)] : 0;
            const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
            const int paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
            const int pred = f == 1 ? a : f == 2 ? b : f == 3 ? (a + b) / 2 : f == 4 ? paeth : 0;
            raw.push_back(uint8_t(x - pred));
        }
    }
    return raw;
}

std::vector<uint8_t> stbDecode(const std::vector<uint8_t>& png) {
    int w = 0, h = 0, comp = 0;
    std::unique_ptr<stbi_uc, void (*)(void*)> p(stbi_load_from_memory(png.data(), int(png.size()), &w, &h, &comp, 4),
                                                stbi_image_free);
    REQUIRE(p);
    return std::vector<uint8_t>(p.get(), p.get() + size_t(w) * size_t(h) * 4);
}

std::vector<uint8_t> noise(size_t n, uint32_t seed) {
    std::vector<uint8_t> v(n);
    for (uint8_t& b : v) seed = seed * 1664525u + 1013904223u, b = uint8_t(seed >> 24);
    return v;
}

}  // namespace

TEST_CASE("formats/png: the fast path decodes every filter type as stb_image does (RGB and RGBA)") {
    const uint32_t w = 7, h = 10;  // odd width: no row is a whole number of 8- or 16-byte blocks
    for (int channels : {3, 4}) {
        const std::vector<uint8_t> px = noise(size_t(w) * h * size_t(channels), 7u + uint32_t(channels));
        for (const std::vector<uint8_t>& filters : std::vector<std::vector<uint8_t>>{{0}, {1}, {2}, {3}, {4}, {4, 0, 3, 1, 2}}) {
            CAPTURE(channels);
            CAPTURE(int(filters[0]));
            const std::vector<uint8_t> png =
                makePng(ihdr(w, h, 8, channels == 4 ? 6 : 2), zlibCompress(filterRows(px, w, h, channels, filters)));
            const Image image = decodePng(png, "f.png");
            CHECK(image.width == int(w));
            CHECK(image.height == int(h));
            CHECK(image.rgba == stbDecode(png));
        }
    }
}

TEST_CASE("formats/png: the fast path expands RGB to alpha 255") {
    // One row, filter None: (10, 20, 30) (40, 50, 60) -> RGBA with alpha 255.
    const std::vector<uint8_t> png = makePng(ihdr(2, 1, 8, 2), zlibCompress({0, 10, 20, 30, 40, 50, 60}));
    CHECK(decodePng(png, "rgb.png").rgba == std::vector<uint8_t>{10, 20, 30, 255, 40, 50, 60, 255});
    // Paeth on row 1 of a 1x2 RGB image: a = c = 0 (no left pixel), b = the pixel above;
    // p = a + b - c = b, so pa = |p - a| = b, pb = |p - b| = 0, pc = |p - c| = b: the
    // predictor is b = (10, 20, 30), and stored (1, 2, 3) gives (11, 22, 33).
    const std::vector<uint8_t> paeth = makePng(ihdr(1, 2, 8, 2), zlibCompress({0, 10, 20, 30, 4, 1, 2, 3}));
    CHECK(decodePng(paeth, "p.png").rgba == std::vector<uint8_t>{10, 20, 30, 255, 11, 22, 33, 255});
}

TEST_CASE("formats/png: a bad filter type on a later row names that row") {
    // 1x3 RGBA: rows 0 and 1 fine, row 2 has filter type 5.
    const std::vector<uint8_t> raw = {0, 1, 2, 3, 4, 2, 0, 0, 0, 0, 5, 9, 9, 9, 9};
    const std::vector<uint8_t> png = makePng(ihdr(1, 3, 8, 6), zlibCompress(raw));
    CHECK_THROWS_WITH_AS(decodePng(png, "t.png"), "t.png: byte offset 33: image data row 2 has filter type 5 (expected 0..4)",
                         InputError);
}

TEST_CASE("formats/png: the encoder's rows decode back whatever filter each row chose") {
    // Rows made so that different filters win: flat (None/Up), a ramp (Sub), noise.
    Image a(33, 6);
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x)
            for (int c = 0; c < 4; ++c)
                a.pixel(x, y)[c] = y < 2 ? uint8_t(100 + c) : y < 4 ? uint8_t(x * 7 + c * 3 + y) : uint8_t((x * 131 + y * 71 + c * 29) ^ (x * y));
    const std::vector<uint8_t> png = encodePng(a);
    CHECK(decodePng(png, "e.png") == a);
    CHECK(stbDecode(png) == a.rgba);
}

TEST_CASE("formats/png: filterRowRgba picks the filter with the smallest sum of signed magnitudes") {
    // One pixel wide, 2 rows. Row 1 = (50, 50, 50, 50) under row 0 = (50, 50, 50, 50):
    // None costs 4 * 50 = 200, Sub 200 (no left pixel), Up 0, Average 4 * |50 - 25| = 100,
    // Paeth 0 (predictor b = 50) but Up comes first among equals: filter 2, bytes 0.
    const uint8_t above[4] = {50, 50, 50, 50}, row[4] = {50, 50, 50, 50};
    uint8_t out[5];
    filterRowRgba(row, above, 1, out);
    CHECK(out[0] == 2);
    CHECK(out[1] == 0);
    // First row (nothing above), 2 pixels (200, 200, 200, 200) (201, 201, 201, 201): None costs
    // 8 * |int8(200)| = 8 * 56 = 448 (200 read as signed is -56, 201 as -55: 4 * 56 + 4 * 55 = 444);
    // Sub: 4 * 56 + 4 * 1 = 228; Up = None (444); Average: 4 * 56 + 4 * |201 - 100| (101 -> 101) = 628;
    // Paeth: a = 200, b = c = 0 -> predictor a: like Sub, 228, but Sub comes first: filter 1.
    const uint8_t first[8] = {200, 200, 200, 200, 201, 201, 201, 201};
    uint8_t out2[9];
    filterRowRgba(first, nullptr, 2, out2);
    CHECK(out2[0] == 1);
    CHECK(out2[5] == 1);
}

TEST_CASE("formats/png: filterRowRgba's lane-friendly loops write the bytes of the per-byte heuristic") {
    // The heuristic of PNG §12.8 written one byte at a time with the §9.2 neighbours
    // (filterRows above): each filter's sum of |int8(filtered byte)|, the first
    // smallest wins. Widths 1..300 cross the 256-byte blocks of 16-bit sums and
    // leave odd tails; rows of noise, of a ramp and of a constant favour
    // different filters, and a 255/0 checker gives magnitudes of 128 (d = 128);
    // the sums' every lane width (PngFilterLanes) the CPU runs.
    for (uint32_t w : {1u, 2u, 3u, 63u, 64u, 65u, 129u, 300u}) {
        const size_t n = size_t(w) * 4;
        std::vector<std::vector<uint8_t>> rows = {noise(n, w), std::vector<uint8_t>(n, 77), noise(n, w + 9)};
        std::vector<uint8_t> ramp(n), checker(n);
        for (size_t i = 0; i < n; ++i) ramp[i] = uint8_t(i * 3), checker[i] = (i / 4 + i % 4) % 2 ? 255 : 0;
        rows.push_back(ramp);
        rows.push_back(checker);
        rows.push_back(ramp);
        std::vector<uint8_t> image;
        for (const auto& r : rows) image.insert(image.end(), r.begin(), r.end());
        for (size_t y = 0; y < rows.size(); ++y) {
            std::vector<uint8_t> got(1 + n);
            filterRowRgba(rows[y].data(), y ? rows[y - 1].data() : nullptr, w, got.data());
            // Every lane width the CPU runs writes the same bytes as the widest (the default).
            for (PngFilterLanes lanes : {PngFilterLanes::Baseline, PngFilterLanes::Avx2, PngFilterLanes::Avx512}) {
                if (!pngFilterLanesSupported(lanes)) continue;
                CAPTURE(int(lanes));
                std::vector<uint8_t> atWidth(1 + n);
                filterRowRgba(rows[y].data(), y ? rows[y - 1].data() : nullptr, w, atWidth.data(), lanes);
                CHECK(atWidth == got);
            }
            unsigned long best = ~0ul;
            std::vector<uint8_t> want;
            for (uint8_t f = 0; f < 5; ++f) {
                const std::vector<uint8_t> all = filterRows(image, w, uint32_t(rows.size()), 4, {f});
                const std::vector<uint8_t> row(all.begin() + long(y * (1 + n)), all.begin() + long((y + 1) * (1 + n)));
                unsigned long cost = 0;
                for (size_t i = 1; i < row.size(); ++i) cost += unsigned(std::abs(int(int8_t(row[i]))));
                if (cost < best) best = cost, want = row;
            }
            CHECK(got == want);
        }
    }
}
