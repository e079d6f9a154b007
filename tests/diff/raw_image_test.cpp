// SPDX-License-Identifier: MIT
// Raw readbacks: byte orders, X formats, stride, bottom-up rows, size errors.
#include "formats/raw_image.h"
#include "refrast/error.h"
#include "tests/diff/diff_test_util.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {

RawLayout layout(int w, int h, RawFormat format, int64_t stride = 0, bool flipY = false) {
    RawLayout l;
    l.width = w, l.height = h, l.format = format, l.stride = stride, l.flipY = flipY;
    return l;
}

}  // namespace

TEST_CASE("diff/raw_image: bgra8 swaps to RGBA, rgba8 is copied") {
    const std::vector<uint8_t> bytes = {1, 2, 3, 4, 5, 6, 7, 8};  // two pixels
    CHECK(decodeRaw(bytes, layout(2, 1, RawFormat::Bgra8), "x.raw").rgba == std::vector<uint8_t>{3, 2, 1, 4, 7, 6, 5, 8});
    CHECK(decodeRaw(bytes, layout(2, 1, RawFormat::Rgba8), "x.raw").rgba == bytes);
}

TEST_CASE("diff/raw_image: X formats read the fourth byte as opaque alpha") {
    const std::vector<uint8_t> bytes = {1, 2, 3, 0};
    CHECK(decodeRaw(bytes, layout(1, 1, RawFormat::Bgrx8), "x.raw").rgba == std::vector<uint8_t>{3, 2, 1, 255});
    CHECK(decodeRaw(bytes, layout(1, 1, RawFormat::Rgbx8), "x.raw").rgba == std::vector<uint8_t>{1, 2, 3, 255});
}

TEST_CASE("diff/raw_image: stride padding is skipped and flip-y reverses the rows") {
    // 1x2 image, stride 8: row 0 = pixel 10.., then 4 padding bytes; row 1 = pixel 20..
    const std::vector<uint8_t> bytes = {10, 11, 12, 13, 99, 99, 99, 99, 20, 21, 22, 23, 99, 99, 99, 99};
    CHECK(decodeRaw(bytes, layout(1, 2, RawFormat::Rgba8, 8), "x.raw").rgba ==
          std::vector<uint8_t>{10, 11, 12, 13, 20, 21, 22, 23});
    CHECK(decodeRaw(bytes, layout(1, 2, RawFormat::Rgba8, 8, true), "x.raw").rgba ==
          std::vector<uint8_t>{20, 21, 22, 23, 10, 11, 12, 13});
}

TEST_CASE("diff/raw_image: a file of the wrong size names both sizes") {
    CHECK_THROWS_WITH_AS(decodeRaw(std::vector<uint8_t>(30), layout(4, 2, RawFormat::Bgra8), "cap.raw"),
                         "cap.raw: raw file is 30 bytes but 4x2 bgra8 with stride 16 needs 32", InputError);
}

TEST_CASE("diff/raw_image: size and format flags are validated") {
    RawLayout l;
    parseRawSize("640x480", l);
    CHECK(l.width == 640);
    CHECK(l.height == 480);
    CHECK_THROWS_WITH_AS(parseRawSize("640x", l), "--raw-size \"640x\" is not WxH with sides 1..16384", UsageError);
    CHECK_THROWS_WITH_AS(parseRawSize("0x4", l), "--raw-size \"0x4\" is not WxH with sides 1..16384", UsageError);
    CHECK(parseRawFormat("bgrx8") == RawFormat::Bgrx8);
}

TEST_CASE("diff/raw_image: a non-PNG file without a raw layout is rejected at byte 0") {
    const refrast::difftest::TempDir dir("raw-image");
    writeFileAtomic(dir.file("x.bin"), {1, 2, 3, 4});
    CHECK_THROWS_WITH_AS(readImageFile(dir.file("x.bin"), std::nullopt),
                         (dir.file("x.bin") + ": byte offset 0: not a PNG file (bad signature); give --raw-size and "
                                              "--raw-format to read a raw readback").c_str(),
                         InputError);
}
