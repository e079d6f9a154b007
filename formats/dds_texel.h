// SPDX-License-Identifier: MIT
// DDS pixel-format identification and per-texel decoding to RGBA8.
// Spec: "DDS_PIXELFORMAT" (Microsoft Learn), D3DFORMAT; docs/textures.md rule T-18.
#pragma once

#include "formats/byte_reader.h"
#include "formats/dds.h"

#include <array>

namespace refrast {

// Maps DDS_PIXELFORMAT (flags, fourCC, bit count, R/G/B/A masks) to a format;
// FourCC may be "DXT1"/"DXT3"/"DXT5" or a numeric D3DFMT code. Throws at
// byte offset 76 (the pixel format) when unsupported.
DdsFormat ddsFormatOf(uint32_t flags, uint32_t fourCC, uint32_t bits, std::array<uint32_t, 4> masks,
                      const ByteReader& in);

int ddsBytesPerPixel(DdsFormat format);  // uncompressed formats
int dxtBlockBytes(DdsFormat format);     // 8 or 16 for DXT, 0 otherwise

// Decodes tightly packed texels into level.rgba (sized by the caller).
void decodeUncompressedLevel(DdsFormat format, const std::vector<uint8_t>& raw, const std::vector<uint8_t>& palette,
                             MipLevel& level);
void decodeDxtLevel(DdsFormat format, const std::vector<uint8_t>& raw, DxtRounding rounding, MipLevel& level);

}  // namespace refrast
