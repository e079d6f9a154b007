// SPDX-License-Identifier: MIT
// PNG and raw RGBA8 files as textures.
#include "formats/texture_png.h"
#include "refrast/error.h"

#include <doctest/doctest.h>

using namespace refrast;

TEST_CASE("formats/texture_png: an image becomes one Unorm8 level, rows top first") {
    Image image(2, 1);
    image.rgba = {1, 2, 3, 4, 5, 6, 7, 8};
    const Texture t = textureFromImage(decodePng(encodePng(image), "x.png"), "x");
    REQUIRE(t.levels.size() == 1);
    CHECK(t.encoding == TexelEncoding::Unorm8);
    CHECK(t.levels[0].rgba == image.rgba);
}

TEST_CASE("formats/texture_png: raw RGBA8 must be exactly width × height × 4 bytes") {
    const std::vector<uint8_t> bytes(2 * 2 * 4, 9);
    CHECK(parseRawTexture(bytes, 2, 2, "r.rgba", "r").levels[0].rgba == bytes);
    CHECK_THROWS_WITH_AS(parseRawTexture(std::vector<uint8_t>(10, 0), 2, 2, "r.rgba", "r"),
                         "r.rgba: byte offset 10: raw RGBA8 file has 10 bytes, expected 2x2x4 = 16", InputError);
    CHECK_THROWS_WITH_AS(parseRawTexture(std::vector<uint8_t>(17, 0), 2, 2, "r.rgba", "r"),
                         "r.rgba: byte offset 16: raw RGBA8 file has 17 bytes, expected 2x2x4 = 16", InputError);
}
