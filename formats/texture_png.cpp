// SPDX-License-Identifier: MIT
// PNG and raw RGBA8 files as single-level textures.
// Spec: docs/textures.md "PNG and raw".
#include "formats/texture_png.h"

#include "refrast/error.h"

#include <algorithm>

namespace refrast {

Texture textureFromImage(const Image& image, const std::string& name) {
    Texture t;
    t.name = name;
    t.levels.push_back(MipLevel{image.width, image.height, image.rgba});
    return t;
}

Texture readPngTexture(const std::string& path, const std::string& name) { return textureFromImage(readPng(path), name); }

Texture parseRawTexture(const std::vector<uint8_t>& bytes, int width, int height, const std::string& file,
                        const std::string& name) {
    const uint64_t expected = uint64_t(width) * uint64_t(height) * 4;
    if (bytes.size() != expected)
        throw InputError::atOffset(file, std::min<uint64_t>(bytes.size(), expected),
                                   "raw RGBA8 file has " + std::to_string(bytes.size()) + " bytes, expected " +
                                       std::to_string(width) + "x" + std::to_string(height) + "x4 = " +
                                       std::to_string(expected));
    Image image(width, height);
    image.rgba = bytes;
    return textureFromImage(image, name);
}

Texture readRawTexture(const std::string& path, int width, int height, const std::string& name) {
    return parseRawTexture(readFileBytes(path), width, height, path, name);
}

}  // namespace refrast
