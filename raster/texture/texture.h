// SPDX-License-Identifier: MIT
// A decoded texture: a chain of RGBA8 mip levels, largest first, plus the
// atlas cells of a Texm Page chunk; or a cube texture, six such face textures.
// Spec: legacy-behaviours §4.1 (Page cells); docs/textures.md.
#pragma once

#include "raster/texture/decoded_levels.h"

#include <cstdint>
#include <string>
#include <vector>

namespace refrast {

// How the stored bytes are read by the sampler (docs/textures.md rule T-11;
// raster/texture/texel_decode.h decodes them). Every encoding stores the
// channels in the order the stage reads them: r, g, b, a.
enum class TexelEncoding : uint8_t {
    Unorm8,         // 4 bytes, each c / 255
    Snorm8,         // 4 signed bytes, each max(c / 127, -1) (V8U8, Q8W8V8U8)
    X8L8V8U8,       // 4 bytes: signed U, signed V, unsigned L (c / 255), 255
    L6V5U5,         // 4 bytes: U5, V5 as sign-extended 5-bit codes (c / 16 below 0, c / 15 above), L6 as 0..63 (c / 63), 255
    L6V5U5Clamped,  // the same with U5, V5 as max(c / 15, -1) (DXVK, GL 4.4)
    V16U16,         // 8 bytes: four little-endian i16, each max(c / 32767, -1): U, V, 32767, 32767
};

// Bytes of one stored texel: 8 for V16U16, else 4.
constexpr int texelBytes(TexelEncoding e) { return e == TexelEncoding::V16U16 ? 8 : 4; }

struct MipLevel {
    int width = 0, height = 0;
    // width * height * texelBytes(encoding) bytes, rows top to bottom (v
    // grows with the row); RGBA8 for Unorm8.
    std::vector<uint8_t> rgba;
};

// One atlas rectangle in texels of the texture's base level (levels[0]).
// Coordinates may be negative (they come from i16 fields, legacy §4.1).
struct PageCell {
    int x = 0, y = 0, width = 0, height = 0;
    bool operator==(const PageCell&) const = default;
};

// D3DRESOURCETYPE of a texture: D3DRTYPE_TEXTURE or D3DRTYPE_CUBETEXTURE.
enum class TextureType : uint8_t { Texture2D, Cube };

// D3DCUBEMAP_FACES order: face f of a cube texture is faces[f].
constexpr int kCubemapFaceCount = 6;

struct Texture {
    std::string name;
    // Texture2D: `levels` holds the chain. Cube: `levels` is empty and `faces`
    // holds the six faces in D3DCUBEMAP_FACES order (+X, −X, +Y, −Y, +Z, −Z),
    // each a square Texture2D of the same size, level count and encoding
    // (docs/fixed-function.md §14.1).
    TextureType type = TextureType::Texture2D;
    std::vector<Texture> faces;
    TexelEncoding encoding = TexelEncoding::Unorm8;
    std::vector<MipLevel> levels;
    // The Page chunk's rects (cell i + 1 is pages[i]; cell 0 is the whole
    // texture and is not stored). Empty for textures without a Page chunk.
    std::vector<PageCell> pages;
    // >= 0: the contents of that colour surface (render to texture); the
    // scene holds no levels, the command stream snapshots the surface.
    int surface = -1;
    // IDirect3DBaseTexture9::SetLOD of a managed texture: the most detailed
    // level the sampler may read (docs/textures.md §4, rule T-10).
    int lod = 0;
    // The levels as the sampler reads them, decoded on their first sample;
    // whoever rewrites `levels` of a texture already sampled resets it.
    DecodedLevels decoded;
};

}  // namespace refrast
