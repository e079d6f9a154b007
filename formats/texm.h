// SPDX-License-Identifier: MIT
// The Iron3D "Texm" texture format: strict parsing, mip-skip, decoding to RGBA8.
// Spec: legacy-behaviours §4.1; docs/textures.md "Texm" (rules T-1..T-4).
#pragma once

#include "raster/texture/texture.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace refrast {

enum class TexmFormat : uint32_t {  // the header's format field, a decimal code
    Palette8 = 0,                   // 8-bit index into the 256-entry palette
    R5G6B5 = 565,
    R5G5B6 = 556,
    A4R4G4B4 = 4444,
    L8A8 = 88,       // u16: luminance high byte, alpha low byte
    X8R8G8B8 = 888,  // bytes [B, G, R, X]
    A8R8G8B8 = 8888, // bytes [B, G, R, A]
};

// The byte order of a palette entry (rule T-4). Game, the default, is the
// game's own loader (legacy-behaviours corrections): B, G, R, X (opaque), and
// index 0 transparent (alpha 0) only on an alpha surface (flags4 & 0x3000000).
// The others are kept as options: Bgra matches the file's own 8888 texels (a
// little-endian 0xAARRGGBB); Rgbx matches a DirectDraw PALETTEENTRY (peRed,
// peGreen, peBlue, peFlags).
enum class PaletteByteOrder : uint8_t { Game, Bgra, Bgrx, Rgba, Rgbx };

// The header bits of an alpha surface (legacy-behaviours corrections: "header
// bit 0x1000000 or 0x2000000"; refrast reads them from flags4).
constexpr uint32_t kTexmAlphaSurfaceBits = 0x1000000 | 0x2000000;

constexpr uint32_t kTexmMagic = 0x6D786554;  // "Texm" on disk
constexpr uint32_t kPageMagic = 0x65676150;  // "Page" on disk
constexpr uint32_t kTexmMaxSide = 16384;     // sane cap: D3D11's largest texture side
constexpr size_t kTexmHeaderBytes = 32;
constexpr size_t kPaletteBytes = 256 * 4;
constexpr int kPaletteSlots = 26 * 11;  // A–Z, each plain or with a digit 0–9

struct TexmLevel {
    int width = 0, height = 0;
    std::vector<uint8_t> raw;  // the bytes as stored (888 keeps its X byte)
};

struct TexmFile {
    uint32_t width = 0, height = 0, mipCount = 0;
    uint32_t flags4 = 0, flags5 = 0, unknown6 = 0;  // preserved verbatim
    TexmFormat format = TexmFormat::A8R8G8B8;
    std::vector<uint8_t> palette;  // kPaletteBytes raw bytes for Palette8, else empty
    std::vector<TexmLevel> levels; // largest first, mipCount of them
    bool hasPage = false;
    std::vector<PageCell> pages;   // the Page chunk's rects, in base-level texels
};

// Parses a whole file; every violation of §4.1 throws InputError with the
// byte offset of the offending field (rule T-1).
TexmFile parseTexm(const std::vector<uint8_t>& bytes, const std::string& file);
TexmFile readTexm(const std::string& path);

int texmBytesPerPixel(TexmFormat format);

// The mip-skip loader policy: level `skip` becomes the base, so width, height
// and mipCount change and the Page rects are rescaled (rule T-3). Requires
// skip < mipCount.
TexmFile skipTexmMips(const TexmFile& texm, uint32_t skip);

// x0 = floor(x·tw/sw), x1 = ceil((x + width)·tw/sw), new width x1 − x0; same
// for y/height; true floor/ceil on integers, negative coordinates included.
PageCell scalePageCell(const PageCell& cell, int sw, int sh, int tw, int th);

struct TexmDecodeOptions {
    PaletteByteOrder paletteOrder = PaletteByteOrder::Game;
    const std::vector<uint8_t>* palette = nullptr;  // kPaletteBytes replacing the file's palette
};

// Decodes every level to RGBA8 (rule T-2: bit-replication widening; 888's X
// byte never reaches RGBA) and copies the Page rects.
Texture decodeTexm(const TexmFile& texm, const TexmDecodeOptions& options, const std::string& name);
MipLevel decodeTexmLevel(const TexmFile& texm, const TexmLevel& level, const TexmDecodeOptions& options);

// The palette slot named by a suffix (rule T-4): "A".."Z" → 0, 11, ..., 275;
// "A0".."Z9" → letter·11 + 1 + digit. Anything else is nullopt (an error for
// the caller to report).
std::optional<int> paletteSlotFromSuffix(std::string_view suffix);

}  // namespace refrast
