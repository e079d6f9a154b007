// SPDX-License-Identifier: MIT
// Every prefix and every single-byte corruption of a valid Texm and DDS file
// either parses or throws InputError: no crash, no other exception (T-1).
#include "formats/dds.h"
#include "formats/texm.h"
#include "refrast/error.h"
#include "tests/formats/texm_writer.h"

#include <doctest/doctest.h>

#include <functional>

using namespace refrast;

namespace {

// Counts the variants that were rejected; any non-InputError escapes and fails the test.
int rejectedVariants(const std::vector<uint8_t>& valid, const std::function<void(const std::vector<uint8_t>&)>& parse) {
    int rejected = 0;
    const auto attempt = [&](const std::vector<uint8_t>& bytes) {
        try {
            parse(bytes);
        } catch (const InputError&) {
            ++rejected;
        }
    };
    for (size_t n = 0; n < valid.size(); ++n) attempt(std::vector<uint8_t>(valid.begin(), valid.begin() + std::ptrdiff_t(n)));
    for (size_t i = 0; i < valid.size(); ++i)
        for (uint8_t flip : {uint8_t(0x01), uint8_t(0x80), uint8_t(0xFF)}) {
            std::vector<uint8_t> bytes = valid;
            bytes[i] ^= flip;
            attempt(bytes);
        }
    return rejected;
}

}  // namespace

TEST_CASE("formats/texm: prefixes and corruptions are rejected cleanly") {
    test::TexmSpec s;
    s.width = 4;
    s.height = 2;
    s.mipCount = 3;
    s.format = 0;
    s.palette = std::vector<uint8_t>(kPaletteBytes, 7);
    s.levels = {std::vector<uint8_t>(8, 1), std::vector<uint8_t>(2, 2), std::vector<uint8_t>(1, 3)};
    s.page = std::vector<std::array<int16_t, 4>>{{0, 2, 0, 1}, {-2, 2, 1, 1}};
    const std::vector<uint8_t> valid = test::writeTexm(s);
    REQUIRE_NOTHROW(parseTexm(valid, "t.texm"));
    const int rejected = rejectedVariants(valid, [](const std::vector<uint8_t>& b) {
        decodeTexm(parseTexm(b, "t.texm"), {}, "t");
    });
    CHECK(rejected >= int(valid.size()));  // at least every proper prefix
}

TEST_CASE("formats/dds: prefixes and corruptions are rejected cleanly") {
    std::vector<uint8_t> valid(128 + 16, 0);  // 4×4 DXT1 with 2 levels (two 8-byte blocks)
    const auto put = [&](size_t at, uint32_t v) {
        for (size_t k = 0; k < 4; ++k) valid[at + k] = uint8_t(v >> (8 * k));
    };
    put(0, 0x20534444);
    put(4, 124);
    put(8, 0x21007);
    put(12, 4);
    put(16, 4);
    put(28, 2);
    put(76, 32);
    put(80, 0x4);
    put(84, 0x31545844);  // "DXT1"
    put(128, 0x0800F800);
    REQUIRE_NOTHROW(parseDds(valid, "t.dds", {}));
    const int rejected = rejectedVariants(valid, [](const std::vector<uint8_t>& b) { parseDds(b, "t.dds", {}); });
    CHECK(rejected >= int(valid.size()));
}
