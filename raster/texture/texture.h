// SPDX-License-Identifier: MIT
// A decoded texture: a chain of RGBA8 mip levels, largest first.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace refrast {

// How the stored bytes are read by the sampler.
enum class TexelEncoding : uint8_t {
    Unorm8,  // c8 / 255
    Snorm8,  // signed bytes (V8U8 bump maps): max(c / 127, -1)
};

struct MipLevel {
    int width = 0, height = 0;
    std::vector<uint8_t> rgba;  // width * height * 4, rows top to bottom (v grows with the row)
};

struct Texture {
    std::string name;
    TexelEncoding encoding = TexelEncoding::Unorm8;
    std::vector<MipLevel> levels;
};

}  // namespace refrast
