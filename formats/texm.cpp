// SPDX-License-Identifier: MIT
// Strict Texm parsing and the mip-skip loader policy (rules T-1, T-3).
// Spec: legacy-behaviours §4.1.
#include "formats/texm.h"

#include "formats/byte_reader.h"
#include "refrast/image.h"

#include <algorithm>
#include <cassert>
#include <cstdio>

namespace refrast {

namespace {

std::string hex32(uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08X", v);
    return buf;
}

bool knownFormat(uint32_t code) {
    for (uint32_t known : {0u, 565u, 556u, 4444u, 88u, 888u, 8888u})
        if (code == known) return true;
    return false;
}

// The number of levels of a full chain down to 1 × 1.
constexpr uint32_t kTexmMaxLevels = 32;

uint32_t fullChainLength(uint32_t width, uint32_t height) {
    uint32_t n = 1;
    for (uint32_t side = std::max(width, height); side > 1; side >>= 1) ++n;
    return n;
}

uint32_t readSide(ByteReader& in, const char* name) {
    const size_t at = in.offset();
    const uint32_t v = in.u32("Texm header");
    if (v == 0) throw in.failAt(at, std::string(name) + " 0 is not positive");
    if (v > kTexmMaxSide)
        throw in.failAt(at, std::string(name) + " " + std::to_string(v) + " exceeds the limit " + std::to_string(kTexmMaxSide));
    return v;
}

void readHeader(ByteReader& in, TexmFile& t) {
    in.require(kTexmHeaderBytes, "Texm header");
    const uint32_t magic = in.u32("Texm header");
    if (magic != kTexmMagic) throw in.failAt(0, "bad magic " + hex32(magic) + ", expected \"Texm\" (0x6D786554)");
    t.width = readSide(in, "width");
    t.height = readSide(in, "height");
    t.mipCount = in.u32("Texm header");
    if (t.mipCount == 0) throw in.failAt(12, "mip_count 0 is not positive");
    // A mip_count longer than the full chain is valid: every level past 1x1 is
    // 1x1 (legacy-behaviours corrections, "Texm mip chains"); 32 levels bound it.
    if (t.mipCount > kTexmMaxLevels)
        throw in.failAt(12, "mip_count " + std::to_string(t.mipCount) + " exceeds " + std::to_string(kTexmMaxLevels) +
                                " levels (a " + std::to_string(t.width) + "x" + std::to_string(t.height) + " chain has " +
                                std::to_string(fullChainLength(t.width, t.height)) + " distinct sizes)");
    t.flags4 = in.u32("Texm header");
    t.flags5 = in.u32("Texm header");
    t.unknown6 = in.u32("Texm header");
    const uint32_t format = in.u32("Texm header");
    if (!knownFormat(format))
        throw in.failAt(28, "unknown format " + std::to_string(format) + " (expected 0, 565, 556, 4444, 88, 888 or 8888)");
    t.format = TexmFormat(format);
}

// Sizes every level with overflow checks and checks the whole chain fits
// before reading any of it (rule T-1).
std::vector<uint64_t> levelSizes(const ByteReader& in, const TexmFile& t) {
    std::vector<uint64_t> sizes;
    uint64_t end = in.offset();
    for (uint32_t i = 0; i < t.mipCount; ++i) {
        const uint64_t w = std::max<uint64_t>(1, t.width >> i), h = std::max<uint64_t>(1, t.height >> i);
        uint64_t pixels = 0, bytes = 0;
        if (!checkedMul(w, h, pixels) || !checkedMul(pixels, uint64_t(texmBytesPerPixel(t.format)), bytes) ||
            !checkedAdd(end, bytes, end))
            throw in.failAt(end, "mip level " + std::to_string(i) + " size overflows");
        if (end > in.offset() + in.remaining())
            throw in.failAt(end - bytes, "truncated mip level " + std::to_string(i) + " (needs " + std::to_string(bytes) +
                                             " bytes, " + std::to_string(in.offset() + in.remaining() - (end - bytes)) +
                                             " remain)");
        sizes.push_back(bytes);
    }
    return sizes;
}

void readLevels(ByteReader& in, TexmFile& t) {
    const std::vector<uint64_t> sizes = levelSizes(in, t);
    for (uint32_t i = 0; i < t.mipCount; ++i) {
        TexmLevel level;
        level.width = int(std::max<uint32_t>(1, t.width >> i));
        level.height = int(std::max<uint32_t>(1, t.height >> i));
        level.raw = in.take(sizes[i], "mip level " + std::to_string(i));
        t.levels.push_back(std::move(level));
    }
}

// "Page", u32 rect_count, rect_count × {i16 x, width, y, height}; the chunk is
// exactly 8 + 8 × rect_count bytes and ends the file.
void readPage(ByteReader& in, TexmFile& t) {
    const size_t start = in.offset();
    if (in.remaining() < 4 || in.u32("Page chunk") != kPageMagic)
        throw in.failAt(start, std::to_string(in.remaining() + (in.offset() - start)) +
                                   " trailing bytes after the mip chain (expected end of file or a \"Page\" chunk)");
    const uint32_t count = in.u32("Page chunk header");
    const uint64_t expected = 8 + 8 * uint64_t(count);
    const uint64_t actual = in.remaining() + (in.offset() - start);
    if (actual < expected)
        throw in.failAt(start, "Page chunk size " + std::to_string(actual) + " does not match 8 + 8 x " +
                                   std::to_string(count) + " = " + std::to_string(expected));
    for (uint32_t i = 0; i < count; ++i) {
        const size_t at = in.offset();
        PageCell cell;
        cell.x = in.i16("Page rect");
        cell.width = in.i16("Page rect");
        cell.y = in.i16("Page rect");
        cell.height = in.i16("Page rect");
        if (cell.width < 0 || cell.height < 0) throw in.failAt(at, "Page rect " + std::to_string(i) + " has a negative size");
        t.pages.push_back(cell);
    }
    if (in.remaining() != 0)
        throw in.fail(std::to_string(in.remaining()) + " trailing bytes after the Page chunk of " + std::to_string(count) +
                      " rects (its size must be exactly " + std::to_string(expected) + ")");
    t.hasPage = true;
}

int64_t floorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }
int64_t ceilDiv(int64_t a, int64_t b) { return -floorDiv(-a, b); }

}  // namespace

int texmBytesPerPixel(TexmFormat format) {
    switch (format) {
        case TexmFormat::Palette8: return 1;
        case TexmFormat::X8R8G8B8:
        case TexmFormat::A8R8G8B8: return 4;
        default: return 2;
    }
}

TexmFile parseTexm(const std::vector<uint8_t>& bytes, const std::string& file) {
    ByteReader in(bytes, file);
    TexmFile t;
    readHeader(in, t);
    if (t.format == TexmFormat::Palette8) t.palette = in.take(kPaletteBytes, "palette");
    readLevels(in, t);
    if (in.remaining() != 0) readPage(in, t);
    return t;
}

TexmFile readTexm(const std::string& path) { return parseTexm(readFileBytes(path), path); }

PageCell scalePageCell(const PageCell& c, int sw, int sh, int tw, int th) {
    const int64_t x0 = floorDiv(int64_t(c.x) * tw, sw), x1 = ceilDiv(int64_t(c.x + c.width) * tw, sw);
    const int64_t y0 = floorDiv(int64_t(c.y) * th, sh), y1 = ceilDiv(int64_t(c.y + c.height) * th, sh);
    return PageCell{int(x0), int(y0), int(x1 - x0), int(y1 - y0)};
}

TexmFile skipTexmMips(const TexmFile& texm, uint32_t skip) {
    assert(skip < texm.mipCount);
    TexmFile out = texm;
    out.levels.erase(out.levels.begin(), out.levels.begin() + std::ptrdiff_t(skip));
    out.width = uint32_t(out.levels.front().width);
    out.height = uint32_t(out.levels.front().height);
    out.mipCount = texm.mipCount - skip;
    for (PageCell& cell : out.pages)
        cell = scalePageCell(cell, int(texm.width), int(texm.height), int(out.width), int(out.height));
    return out;
}

}  // namespace refrast
