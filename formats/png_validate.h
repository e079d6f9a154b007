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

// The checked chunks: the concatenated IDAT data, PLTE and tRNS.
struct PngImageData {
    std::vector<uint8_t> stream;
    std::vector<uint8_t> plte, trns;
    bool hasTrns = false;
    size_t idatOffset = 0;  // of the first IDAT chunk, where image data errors point
};

// Checks chunk layout, CRCs, IHDR/PLTE/tRNS rules; inflates nothing.
PngImageData checkPngChunks(const std::vector<uint8_t>& bytes, const PngHeader& header, const std::string& name);

// Inflates the image data with zlib, one 64 KiB block at a time, and throws
// the error that describes what is wrong with it (size, Adler-32, filter
// types, palette indices); returns when nothing is.
void checkImageData(const PngImageData& data, const PngHeader& header, const std::string& name);

// The message for a row whose filter type is not 0..4.
std::string pngFilterTypeError(uint32_t row, uint8_t filter);

// The checked file rebuilt for stb_image: signature, IHDR, PLTE, tRNS, one IDAT, IEND.
std::vector<uint8_t> rebuildPngForDecoder(const std::vector<uint8_t>& bytes, const PngHeader& header,
                                          const PngImageData& data);

}  // namespace refrast
