// SPDX-License-Identifier: MIT
// A decoded texture: a chain of RGBA8 mip levels, largest first, plus the
// atlas cells of a Texm Page chunk.
// Spec: legacy-behaviours §4.1 (Page cells); docs/textures.md.
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

// One atlas rectangle in texels of the texture's base level (levels[0]).
// Coordinates may be negative (they come from i16 fields, legacy §4.1).
struct PageCell {
    int x = 0, y = 0, width = 0, height = 0;
    bool operator==(const PageCell&) const = default;
};

struct Texture {
    std::string name;
    TexelEncoding encoding = TexelEncoding::Unorm8;
    std::vector<MipLevel> levels;
    // The Page chunk's rects (cell i + 1 is pages[i]; cell 0 is the whole
    // texture and is not stored). Empty for textures without a Page chunk.
    std::vector<PageCell> pages;
    // >= 0: the contents of that colour surface (render to texture); the
    // scene holds no levels, the command stream snapshots the surface.
    int surface = -1;
};

}  // namespace refrast
