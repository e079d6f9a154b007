// SPDX-License-Identifier: MIT
// Texm texels to RGBA8 (rule T-2) and palette slots by name suffix (rule T-4).
// Spec: legacy-behaviours §4.1.
#include "formats/texm.h"

#include "formats/texel_widen.h"

#include <array>
#include <cassert>

namespace refrast {

namespace {

using Rgba8 = std::array<uint8_t, 4>;

// Entry `index` of a palette; alphaSurface: the Texm header marks an alpha surface.
Rgba8 paletteEntry(const uint8_t* palette, uint8_t index, PaletteByteOrder order, bool alphaSurface) {
    const uint8_t* e = palette + size_t(index) * 4;
    switch (order) {
        case PaletteByteOrder::Game: return {e[2], e[1], e[0], uint8_t(alphaSurface && index == 0 ? 0x00 : 0xFF)};
        case PaletteByteOrder::Bgra: return {e[2], e[1], e[0], e[3]};
        case PaletteByteOrder::Bgrx: return {e[2], e[1], e[0], 0xFF};
        case PaletteByteOrder::Rgba: return {e[0], e[1], e[2], e[3]};
        case PaletteByteOrder::Rgbx: return {e[0], e[1], e[2], 0xFF};
    }
    return {e[2], e[1], e[0], e[3]};
}

// One texel; p points at its stored bytes, u16 formats are little-endian.
Rgba8 decodeTexel(TexmFormat format, const uint8_t* p, const uint8_t* palette, PaletteByteOrder order, bool alphaSurface) {
    const uint32_t v = texmBytesPerPixel(format) == 2 ? uint32_t(p[0]) | uint32_t(p[1]) << 8 : 0;
    switch (format) {
        case TexmFormat::Palette8: return paletteEntry(palette, p[0], order, alphaSurface);
        case TexmFormat::R5G6B5: return {widen5(v >> 11), widen6((v >> 5) & 63), widen5(v & 31), 0xFF};
        case TexmFormat::R5G5B6: return {widen5(v >> 11), widen5((v >> 6) & 31), widen6(v & 63), 0xFF};
        case TexmFormat::A4R4G4B4: return {widen4((v >> 8) & 15), widen4((v >> 4) & 15), widen4(v & 15), widen4(v >> 12)};
        case TexmFormat::L8A8: return {p[1], p[1], p[1], p[0]};  // L = high byte, A = low byte
        case TexmFormat::X8R8G8B8: return {p[2], p[1], p[0], 0xFF};  // [B, G, R, X]: X is dropped
        case TexmFormat::A8R8G8B8: return {p[2], p[1], p[0], p[3]};  // [B, G, R, A]
    }
    return {0, 0, 0, 0};
}

}  // namespace

MipLevel decodeTexmLevel(const TexmFile& texm, const TexmLevel& level, const TexmDecodeOptions& options) {
    const uint8_t* palette = options.palette ? options.palette->data() : texm.palette.data();
    assert(texm.format != TexmFormat::Palette8 ||
           (options.palette ? options.palette->size() : texm.palette.size()) == kPaletteBytes);
    const size_t stride = size_t(texmBytesPerPixel(texm.format));
    const bool alphaSurface = (texm.flags4 & kTexmAlphaSurfaceBits) != 0;
    MipLevel out;
    out.width = level.width;
    out.height = level.height;
    out.rgba.resize(size_t(level.width) * size_t(level.height) * 4);
    for (size_t i = 0; i < size_t(level.width) * size_t(level.height); ++i) {
        const Rgba8 c = decodeTexel(texm.format, &level.raw[i * stride], palette, options.paletteOrder, alphaSurface);
        for (size_t k = 0; k < 4; ++k) out.rgba[i * 4 + k] = c[k];
    }
    return out;
}

Texture decodeTexm(const TexmFile& texm, const TexmDecodeOptions& options, const std::string& name) {
    Texture texture;
    texture.name = name;
    for (const TexmLevel& level : texm.levels) texture.levels.push_back(decodeTexmLevel(texm, level, options));
    texture.pages = texm.pages;
    return texture;
}

std::optional<int> paletteSlotFromSuffix(std::string_view suffix) {
    if (suffix.empty() || suffix.size() > 2 || suffix[0] < 'A' || suffix[0] > 'Z') return std::nullopt;
    const int letter = suffix[0] - 'A';
    if (suffix.size() == 1) return letter * 11;
    if (suffix[1] < '0' || suffix[1] > '9') return std::nullopt;
    return letter * 11 + 1 + (suffix[1] - '0');
}

}  // namespace refrast
