// SPDX-License-Identifier: MIT
// 16-bit greyscale PNG encoding (the depth preview of `render --depth-out`):
// stb_image_write writes 8-bit channels only, so the chunks are put together
// here around its zlib compressor (filter 0 on every row, big-endian samples,
// PNG 1.2 §11.2.2 IHDR colour type 0, bit depth 16).
#include "refrast/image.h"

// Debian's libstb exports stb_image_write's zlib compressor, which the header
// declares only inside its implementation section.
extern "C" unsigned char* stbi_zlib_compress(unsigned char* data, int data_len, int* out_len, int quality);

#include <array>
#include <cstdlib>
#include <memory>
#include <stdexcept>

namespace refrast {

namespace {

// CRC-32 of PNG chunks (ISO 3309 polynomial, PNG 1.2 annex D).
uint32_t crc32(const uint8_t* data, size_t n, uint32_t crc = 0xFFFFFFFFu) {
    static const std::array<uint32_t, 256> table = [] {
        std::array<uint32_t, 256> t{};
        for (uint32_t i = 0; i < 256; ++i) {
            uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[i] = c;
        }
        return t;
    }();
    for (size_t i = 0; i < n; ++i) crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
    return crc;
}

void putU32(std::vector<uint8_t>& out, uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(v >> s));
}

void chunk(std::vector<uint8_t>& out, const char type[4], const std::vector<uint8_t>& data) {
    putU32(out, uint32_t(data.size()));
    const size_t start = out.size();
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), data.begin(), data.end());
    putU32(out, crc32(&out[start], out.size() - start) ^ 0xFFFFFFFFu);
}

}  // namespace

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
    int compressedSize = 0;
    std::unique_ptr<unsigned char, void (*)(void*)> z(
        stbi_zlib_compress(raw.data(), int(raw.size()), &compressedSize, 8), free);
    if (!z) throw std::runtime_error("PNG encoding failed");
    std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    std::vector<uint8_t> ihdr;
    putU32(ihdr, uint32_t(width));
    putU32(ihdr, uint32_t(height));
    ihdr.insert(ihdr.end(), {16, 0, 0, 0, 0});  // bit depth 16, grey, deflate, adaptive filtering, no interlace
    chunk(png, "IHDR", ihdr);
    chunk(png, "IDAT", std::vector<uint8_t>(z.get(), z.get() + compressedSize));
    chunk(png, "IEND", {});
    return png;
}

}  // namespace refrast
