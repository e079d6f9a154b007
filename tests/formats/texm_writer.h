// SPDX-License-Identifier: MIT
// A tiny Texm writer for tests: builds well-formed files and every malformed variant.
#pragma once

#include "formats/texm.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace refrast::test {

struct TexmSpec {
    uint32_t magic = kTexmMagic;
    uint32_t width = 1, height = 1, mipCount = 1;
    uint32_t flags4 = 0, flags5 = 0, unknown6 = 0;
    uint32_t format = 8888;
    std::vector<uint8_t> palette;              // written as is (1024 bytes for format 0)
    std::vector<std::vector<uint8_t>> levels;  // written as is, largest first
    std::optional<std::vector<std::array<int16_t, 4>>> page;  // {x, width, y, height} records
    std::optional<uint32_t> pageCount;         // overrides the record count written in the Page header
    std::vector<uint8_t> trailing;             // appended at the very end
};

inline void putU32(std::vector<uint8_t>& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
}

inline void putI16(std::vector<uint8_t>& out, int16_t v) {
    out.push_back(uint8_t(uint16_t(v)));
    out.push_back(uint8_t(uint16_t(v) >> 8));
}

inline std::vector<uint8_t> writeTexm(const TexmSpec& s) {
    std::vector<uint8_t> out;
    for (uint32_t v : {s.magic, s.width, s.height, s.mipCount, s.flags4, s.flags5, s.unknown6, s.format}) putU32(out, v);
    out.insert(out.end(), s.palette.begin(), s.palette.end());
    for (const auto& level : s.levels) out.insert(out.end(), level.begin(), level.end());
    if (s.page) {
        putU32(out, kPageMagic);
        putU32(out, s.pageCount.value_or(uint32_t(s.page->size())));
        for (const auto& r : *s.page)
            for (int16_t v : r) putI16(out, v);
    }
    out.insert(out.end(), s.trailing.begin(), s.trailing.end());
    return out;
}

}  // namespace refrast::test
