// SPDX-License-Identifier: MIT
#include "refrast/error.h"
#include "refrast/image.h"

#include <doctest/doctest.h>

using namespace refrast;

TEST_CASE("formats/png: encode then decode returns the same RGBA8 pixels") {
    Image a(3, 2);
    for (size_t i = 0; i < a.rgba.size(); ++i) a.rgba[i] = uint8_t(i * 11);  // 0, 11, ..., 253
    const Image b = decodePng(encodePng(a), "roundtrip.png");
    CHECK(b == a);
}

TEST_CASE("formats/png: a file without the PNG signature is an input error at byte 0") {
    const std::vector<uint8_t> notPng = {'G', 'I', 'F', '8', '9', 'a', 0, 0, 0};
    CHECK_THROWS_WITH_AS(decodePng(notPng, "x.png"), "x.png: byte offset 0: not a PNG file (bad signature)",
                         InputError);
}
