// SPDX-License-Identifier: MIT
// DDS files with the D3D9 formats the ports use, decoded to RGBA8 mip chains.
// Spec: "DDS" and "DDS_PIXELFORMAT" (Microsoft Learn), D3DFORMAT; fixed-function
// reference §4.5 (signed formats); docs/textures.md "DDS" (rules T-17, T-18).
#pragma once

#include "formats/byte_reader.h"
#include "formats/dxt_block.h"
#include "raster/texture/texture.h"

#include <cstdint>
#include <string>
#include <vector>

namespace refrast {

enum class DdsFormat : uint8_t {  // the D3DFMT_* each DDS pixel format maps to
    A8R8G8B8, X8R8G8B8, R5G6B5, X1R5G5B5, A1R5G5B5, A4R4G4B4,
    A8, L8, A8L8, A4L4, P8, V8U8, L6V5U5, X8L8V8U8, Q8W8V8U8, V16U16,
    Dxt1, Dxt2, Dxt3, Dxt4, Dxt5,
};

// How the 5-bit signed channels of L6V5U5 decode (docs/textures.md T-11).
enum class Snorm5Rule : uint8_t {
    Windows,  // default: c / 16 below zero, c / 15 above (Wine test_signed_formats on Windows)
    Clamp,    // max(c / 15, -1): the D3D10 SNORM rule (DXVK, GL 4.4)
};

struct DdsOptions {
    DxtRounding dxtRounding = DxtRounding::Nearest;
    Snorm5Rule snorm5 = Snorm5Rule::Windows;
};

struct DdsFile {
    DdsFormat format = DdsFormat::A8R8G8B8;
    Texture texture;  // every stored level, decoded; the encoding follows the format (ddsTexelEncoding)
};

// The D3DFMT name without its prefix ("L8", "DXT1", ...) and back.
const char* ddsFormatName(DdsFormat format);
bool ddsFormatByName(const std::string& name, DdsFormat& out);

// How the sampler reads a format's decoded texels: Snorm8 for V8U8 and
// Q8W8V8U8, X8L8V8U8, L6V5U5 (or L6V5U5Clamped), V16U16; Unorm8 otherwise.
TexelEncoding ddsTexelEncoding(DdsFormat format, const DdsOptions& options);

// Decodes `mipCount` levels of a width × height texture stored back to back in
// `format` from the reader's position (tight rows, DXT in 4×4 blocks), the
// format's encoding set. P8 needs a 1024-byte PALETTEENTRY palette.
// `what` prefixes the level in errors ("cube face +Y mip level 2").
Texture decodeDdsLevels(DdsFormat format, uint32_t width, uint32_t height, uint32_t mipCount, ByteReader& in,
                        const std::vector<uint8_t>& palette, const DdsOptions& options, const std::string& what = "");

// Parses a whole DDS file strictly: magic, header and pixel-format sizes, a
// supported format, 2D or a whole cube map (DDSCAPS2_CUBEMAP with all six
// face bits, square faces, each face's chain after the previous one; no
// volume, no DX10 header), mip count within a full chain, exact data size, no
// trailing bytes. Errors carry the byte offset.
DdsFile parseDds(const std::vector<uint8_t>& bytes, const std::string& file, const DdsOptions& options);
DdsFile readDds(const std::string& path, const DdsOptions& options);

}  // namespace refrast
