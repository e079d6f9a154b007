// SPDX-License-Identifier: MIT
// Builds PNG files chunk by chunk for the hostile-PNG tests (CRCs and zlib
// streams computed with zlib, so a test corrupts exactly one thing).
#pragma once

#include <zlib.h>

#include <cstdint>
#include <string>
#include <vector>

namespace refrast::test {

inline void putBe32(std::vector<uint8_t>& out, uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(v >> s));
}

inline std::vector<uint8_t> pngSignature() { return {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A}; }

inline void pngChunk(std::vector<uint8_t>& out, const char* type, const std::vector<uint8_t>& data) {
    putBe32(out, uint32_t(data.size()));
    const size_t at = out.size();
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), data.begin(), data.end());
    putBe32(out, uint32_t(crc32(0, &out[at], uInt(4 + data.size()))));
}

inline std::vector<uint8_t> ihdr(uint32_t w, uint32_t h, uint8_t depth, uint8_t colorType) {
    std::vector<uint8_t> d;
    putBe32(d, w);
    putBe32(d, h);
    d.insert(d.end(), {depth, colorType, 0, 0, 0});
    return d;
}

inline std::vector<uint8_t> zlibCompress(const std::vector<uint8_t>& raw) {
    uLongf size = compressBound(uLong(raw.size()));
    std::vector<uint8_t> out(size);
    compress(out.data(), &size, raw.data(), uLong(raw.size()));
    out.resize(size);
    return out;
}

// A whole PNG: signature, IHDR, `before` chunks (type, data), one IDAT, IEND.
inline std::vector<uint8_t> makePng(const std::vector<uint8_t>& header, const std::vector<uint8_t>& idat,
                                    const std::vector<std::pair<std::string, std::vector<uint8_t>>>& before = {}) {
    std::vector<uint8_t> png = pngSignature();
    pngChunk(png, "IHDR", header);
    for (const auto& [type, data] : before) pngChunk(png, type.c_str(), data);
    pngChunk(png, "IDAT", idat);
    pngChunk(png, "IEND", {});
    return png;
}

}  // namespace refrast::test
