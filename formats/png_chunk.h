// SPDX-License-Identifier: MIT
// Writing PNG chunks (PNG specification, ISO/IEC 15948 §5.3: length, type,
// data, CRC-32 of type and data), for the encoders and the validator's
// rebuilt copy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace refrast {

inline constexpr uint8_t kPngSignature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};

// v as four big-endian bytes (PNG's byte order, §7.1) at the end of out.
void putBe32(std::vector<uint8_t>& out, uint32_t v);

void appendPngChunk(std::vector<uint8_t>& out, const char type[4], const uint8_t* data, size_t length);

// A whole PNG: signature, IHDR, one IDAT holding `zlibStream`, IEND.
// `ihdrTail` is IHDR's last five bytes (bit depth, colour type, compression,
// filter and interlace method).
std::vector<uint8_t> assemblePng(uint32_t width, uint32_t height, const uint8_t ihdrTail[5],
                                 const std::vector<uint8_t>& zlibStream);

// The zlib stream of `raw` (filtered rows) at libdeflate's compression level
// `level`; the same input and level always give the same bytes.
std::vector<uint8_t> zlibDeflate(const uint8_t* raw, size_t size, int level);

}  // namespace refrast
