// SPDX-License-Identifier: MIT
// The memory of a locked resource as the program wrote it: a buffer's bytes
// or a texture level's rows (tightly packed, in the D3DFORMAT the program
// created it with), and the mapping of a fake memcpy through the pointer the
// latest Lock returned.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace refrast::apitrace {

// Bytes per texel, or per 4×4 block for DXTn; nullopt for formats refrast
// cannot carry into a capture (the DDS loader's formats: docs/textures.md).
struct TexelLayout {
    uint32_t bytes = 0;  // per texel, or per block when block
    bool block = false;
};
std::optional<TexelLayout> texelLayout(const std::string& d3dfmtName);

struct ImageLevel {
    uint32_t width = 0, height = 0;
    TexelLayout layout;
    std::vector<uint8_t> bytes;  // rows (or block rows) packed
    uint64_t rowBytes() const;
    uint64_t rows() const;
};

// The bytes a level of this size and layout holds (no overflow: sides ≤ 16384).
uint64_t makeLevelBytes(uint32_t width, uint32_t height, TexelLayout layout);
// Allocates a level's storage (zeroed); throws std::length_error past 1 GiB.
ImageLevel makeLevel(uint32_t width, uint32_t height, TexelLayout layout);

// A live lock: `base` is the pointer the program got; it addresses the locked
// region's first byte, rows `pitch` apart (0 for buffers: one linear range).
struct LockRegion {
    uint64_t base = 0;
    uint64_t size = 0;       // bytes addressable from base
    uint64_t pitch = 0;      // 0: linear
    uint64_t offset = 0;     // linear: first resource byte; image: unused
    uint32_t left = 0, top = 0, rectWidth = 0, rectHeight = 0;  // image: the locked rect in texels
};

// Applies memcpy(dest, data) through a lock. Returns an empty string or the
// reason it does not fit (the caller names the call).
std::string writeLinear(std::vector<uint8_t>& target, const LockRegion& lock, uint64_t dest, const std::string& data);
std::string writeImage(ImageLevel& level, const LockRegion& lock, uint64_t dest, const std::string& data);

// A DDS file of the levels: D3DFORMAT `fourcc` (the trace's own number for
// the format, which the DDS reader accepts as a FourCC), every level stored.
// A cube map (`cube`): `levels` holds the six faces' chains in
// D3DCUBEMAP_FACES order, written as a DDSCAPS2_CUBEMAP file of all faces.
std::vector<uint8_t> encodeDds(uint32_t fourcc, const std::vector<ImageLevel>& levels, bool cube = false);

}  // namespace refrast::apitrace
