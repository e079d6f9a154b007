// SPDX-License-Identifier: MIT
// Strict checking of a PNG before it is decoded (docs/textures.md "PNG"):
// chunk layout and every CRC, IHDR fields, the zlib stream (Adler-32) inflated
// to exactly the size IHDR implies (surplus data is an error, not work), filter
// types and palette indices. Errors are InputErrors at the byte offset of the
// offending chunk. The decoder then reads a rebuilt copy holding only the
// chunks it needs, with the image data in one IDAT.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace refrast {

struct PngHeader {
    uint32_t width = 0, height = 0;
    uint8_t bitDepth = 0, colorType = 0, interlace = 0;
    uint64_t rawBytes = 0;  // the inflated image data IHDR implies (filter bytes included)
};

// Reads and checks the IHDR (the first chunk); nothing is inflated.
PngHeader readPngHeader(const std::vector<uint8_t>& bytes, const std::string& name);

// Checks the whole file (see above) and returns the rebuilt PNG for the decoder.
std::vector<uint8_t> validatePng(const std::vector<uint8_t>& bytes, const PngHeader& header, const std::string& name);

}  // namespace refrast
