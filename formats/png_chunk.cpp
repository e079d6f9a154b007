// SPDX-License-Identifier: MIT
#include "formats/png_chunk.h"

#include <libdeflate.h>

#include <memory>
#include <stdexcept>

namespace refrast {

void putBe32(std::vector<uint8_t>& out, uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(v >> s));
}

void appendPngChunk(std::vector<uint8_t>& out, const char type[4], const uint8_t* data, size_t length) {
    putBe32(out, uint32_t(length));
    const size_t typeAt = out.size();
    out.insert(out.end(), type, type + 4);
    if (length > 0) out.insert(out.end(), data, data + length);
    putBe32(out, libdeflate_crc32(0, &out[typeAt], 4 + length));
}

std::vector<uint8_t> assemblePng(uint32_t width, uint32_t height, const uint8_t ihdrTail[5],
                                 const std::vector<uint8_t>& zlibStream) {
    std::vector<uint8_t> png(kPngSignature, kPngSignature + 8);
    png.reserve(8 + 25 + 12 + zlibStream.size() + 12);
    std::vector<uint8_t> ihdr;
    putBe32(ihdr, width);
    putBe32(ihdr, height);
    ihdr.insert(ihdr.end(), ihdrTail, ihdrTail + 5);
    appendPngChunk(png, "IHDR", ihdr.data(), ihdr.size());
    appendPngChunk(png, "IDAT", zlibStream.data(), zlibStream.size());
    appendPngChunk(png, "IEND", nullptr, 0);
    return png;
}

std::vector<uint8_t> zlibDeflate(const uint8_t* raw, size_t size, int level) {
    std::unique_ptr<libdeflate_compressor, void (*)(libdeflate_compressor*)> c(libdeflate_alloc_compressor(level),
                                                                               libdeflate_free_compressor);
    if (!c) throw std::runtime_error("PNG encoding failed: no memory for the compressor");
    std::vector<uint8_t> out(libdeflate_zlib_compress_bound(c.get(), size));
    const size_t n = libdeflate_zlib_compress(c.get(), raw, size, out.data(), out.size());
    if (n == 0) throw std::runtime_error("PNG encoding failed");
    out.resize(n);
    return out;
}

}  // namespace refrast
