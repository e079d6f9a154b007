// SPDX-License-Identifier: MIT
// The UNORM8 encode, the exact decode and COLORWRITEENABLE.
#include "raster/output/color_write.h"
#include "raster/output/alpha_blend.inl"

#include "tests/raster/output/rgba_string.h"

#include <doctest/doctest.h>

#include <cstring>
#include <limits>

using namespace refrast;

TEST_CASE("output/color_write: encodeUnorm8 saturates then rounds half up (R-3)") {
    CHECK(encodeUnorm8(0.0f) == 0);
    CHECK(encodeUnorm8(1.0f) == 255);
    CHECK(encodeUnorm8(0.5f) == 128);      // 127.5 + 0.5 = 128: a tie rounds up
    CHECK(encodeUnorm8(0.25f) == 64);      // 63.75
    CHECK(encodeUnorm8(0.2f) == 51);       // 51.000001
    CHECK(encodeUnorm8(0.498f) == 127);    // 126.99
    CHECK(encodeUnorm8(-0.25f) == 0);      // sat first
    CHECK(encodeUnorm8(1.75f) == 255);
    CHECK(encodeUnorm8(std::numeric_limits<float>::quiet_NaN()) == 0);  // sat(NaN) = 0
    CHECK(encodeUnorm8(std::numeric_limits<float>::infinity()) == 255);
}

TEST_CASE("output/color_write: decode then encode is the identity on all 256 values (R-6, R-3)") {
    for (int c = 0; c < 256; ++c) CHECK(encodeUnorm8(decodeUnorm8(uint8_t(c))) == c);
}

TEST_CASE("output/color_write: D3DCOLOR decodes as 0xAARRGGBB") {
    CHECK(encodeRgba8(decodeD3DColor(0x80FF4000)) == Rgba8{0xFF, 0x40, 0x00, 0x80});
}

TEST_CASE("output/color_write: COLORWRITEENABLE keeps the stored value of masked channels") {
    const Rgba8 value{10, 20, 30, 40}, stored{1, 2, 3, 4};
    CHECK(colorWrite(0xF, value, stored) == value);
    CHECK(colorWrite(0x0, value, stored) == stored);
    CHECK(colorWrite(0x1, value, stored) == Rgba8{10, 2, 3, 4});   // red
    CHECK(colorWrite(0x2, value, stored) == Rgba8{1, 20, 3, 4});   // green
    CHECK(colorWrite(0x4, value, stored) == Rgba8{1, 2, 30, 4});   // blue
    CHECK(colorWrite(0x8, value, stored) == Rgba8{1, 2, 3, 40});   // alpha
    CHECK(colorWrite(0x7, value, stored) == Rgba8{10, 20, 30, 4});  // rgb only
}

TEST_CASE("output/color_write: the merger's lane decode of a stored byte is the R-6 table, every code") {
    // lanes_scalar::decodeUnorm8 is width 1 of the merger's decode; every
    // width equals it (shade_span_test). Each of the 256 codes: bitwise c / 255.
    for (int c = 0; c < 256; ++c) {
        const float lane = lanes_scalar::decodeUnorm8(int32_t(c)), table = kUnorm8Decode[size_t(c)];
        CHECK(std::memcmp(&lane, &table, sizeof lane) == 0);
    }
}
