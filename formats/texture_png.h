// SPDX-License-Identifier: MIT
// Textures from PNG files (8-bit grey, grey+alpha, RGB, RGBA, palette) and raw RGBA8 files.
// Spec: docs/textures.md "PNG and raw".
#pragma once

#include "refrast/image.h"
#include "raster/texture/texture.h"

#include <string>
#include <vector>

namespace refrast {

// One Unorm8 level with the image's pixels (rows top first: v grows downwards).
Texture textureFromImage(const Image& image, const std::string& name);
Texture readPngTexture(const std::string& path, const std::string& name);

// Raw RGBA8: exactly width × height × 4 bytes, rows top first, no header.
// A size mismatch is an InputError at the byte offset where the data should
// have ended (short file) or where the extra bytes start (long file).
Texture parseRawTexture(const std::vector<uint8_t>& bytes, int width, int height, const std::string& file,
                        const std::string& name);
Texture readRawTexture(const std::string& path, int width, int height, const std::string& name);

}  // namespace refrast
