// SPDX-License-Identifier: MIT
// PNG and raw RGBA8 files as textures.
#include "formats/texture_png.h"
#include "refrast/error.h"

#include <doctest/doctest.h>
#include <stb_image_write.h>

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

TEST_CASE("formats/texture_png: grey and grey+alpha PNGs expand to RGBA8") {
    const auto encode = [](int channels, std::vector<uint8_t> pixels) {
        std::vector<uint8_t> png;
        auto append = [](void* context, void* data, int size) {
            auto* out = static_cast<std::vector<uint8_t>*>(context);
            out->insert(out->end(), static_cast<uint8_t*>(data), static_cast<uint8_t*>(data) + size);
        };
        REQUIRE(stbi_write_png_to_func(append, &png, 2, 1, channels, pixels.data(), 2 * channels));
        return png;
    };
    // Grey 0x40, 0xC0 → (g, g, g, 255); grey+alpha (0x40, 0x80) → (0x40, 0x40, 0x40, 0x80).
    CHECK(decodePng(encode(1, {0x40, 0xC0}), "g.png").rgba ==
          std::vector<uint8_t>{0x40, 0x40, 0x40, 0xFF, 0xC0, 0xC0, 0xC0, 0xFF});
    CHECK(decodePng(encode(2, {0x40, 0x80, 0xC0, 0xFF}), "ga.png").rgba ==
          std::vector<uint8_t>{0x40, 0x40, 0x40, 0x80, 0xC0, 0xC0, 0xC0, 0xFF});
}
