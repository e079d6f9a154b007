// SPDX-License-Identifier: MIT
// DDS files with the D3D9 formats the ports use, decoded to RGBA8 mip chains.
// Spec: "DDS" and "DDS_PIXELFORMAT" (Microsoft Learn), D3DFORMAT; fixed-function
// reference §4.5 (signed formats); docs/textures.md "DDS" (rules T-17, T-18).
#pragma once

#include "formats/dxt_block.h"
#include "raster/texture/texture.h"

#include <cstdint>
#include <string>
#include <vector>

namespace refrast {

enum class DdsFormat : uint8_t {  // the D3DFMT_* each DDS pixel format maps to
    A8R8G8B8, X8R8G8B8, R5G6B5, X1R5G5B5, A1R5G5B5, A4R4G4B4,
    A8, L8, A8L8, P8, V8U8, Dxt1, Dxt3, Dxt5,
};

struct DdsOptions {
    DxtRounding dxtRounding = DxtRounding::Nearest;
};

struct DdsFile {
    DdsFormat format = DdsFormat::A8R8G8B8;
    Texture texture;  // every stored level, decoded; encoding Snorm8 for V8U8
};

// Parses a whole DDS file strictly: magic, header and pixel-format sizes, a
// supported format, 2D only (no cube/volume/DX10 header), mip count within a
// full chain, exact data size, no trailing bytes. Errors carry the byte offset.
DdsFile parseDds(const std::vector<uint8_t>& bytes, const std::string& file, const DdsOptions& options);
DdsFile readDds(const std::string& path, const DdsOptions& options);

}  // namespace refrast
