// SPDX-License-Identifier: MIT
// 16-bit greyscale PNG encoding (the depth preview of `render --depth-out`):
// filter 0 on every row, big-endian samples (PNG 1.2 §11.2.2 IHDR colour
// type 0, bit depth 16), compressed by libdeflate like the RGBA8 encoder.
#include "refrast/image.h"
#include "formats/png_chunk.h"

namespace refrast {

std::vector<uint8_t> encodePngGrey16(int width, int height, const std::vector<uint16_t>& samples) {
    std::vector<uint8_t> raw;
    raw.reserve(size_t(height) * (size_t(width) * 2 + 1));
    for (int y = 0; y < height; ++y) {
        raw.push_back(0);  // filter type None
        for (int x = 0; x < width; ++x) {
            const uint16_t v = samples[size_t(y) * size_t(width) + size_t(x)];
            raw.push_back(uint8_t(v >> 8));
            raw.push_back(uint8_t(v));
        }
    }
    const uint8_t ihdrTail[5] = {16, 0, 0, 0, 0};  // bit depth 16, grey, deflate, adaptive filtering, no interlace
    // Level 6 (libdeflate's default): depth previews are small and written rarely.
    return assemblePng(uint32_t(width), uint32_t(height), ihdrTail, zlibDeflate(raw.data(), raw.size(), 6));
}

}  // namespace refrast
