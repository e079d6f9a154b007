// SPDX-License-Identifier: MIT
#include "formats/apitrace/texture_image.h"

#include "formats/d3d/d3d_constants.h"

#include <algorithm>
#include <stdexcept>

namespace refrast::apitrace {

std::optional<TexelLayout> texelLayout(const std::string& n) {
    if (n == "D3DFMT_A8R8G8B8" || n == "D3DFMT_X8R8G8B8") return TexelLayout{4, false};
    if (n == "D3DFMT_R5G6B5" || n == "D3DFMT_X1R5G5B5" || n == "D3DFMT_A1R5G5B5" || n == "D3DFMT_A4R4G4B4" ||
        n == "D3DFMT_A8L8" || n == "D3DFMT_V8U8")
        return TexelLayout{2, false};
    if (n == "D3DFMT_A8" || n == "D3DFMT_L8") return TexelLayout{1, false};
    if (n == "D3DFMT_DXT1") return TexelLayout{8, true};
    if (n == "D3DFMT_DXT3" || n == "D3DFMT_DXT5") return TexelLayout{16, true};
    return std::nullopt;
}

uint64_t ImageLevel::rowBytes() const {
    return layout.block ? uint64_t((width + 3) / 4) * layout.bytes : uint64_t(width) * layout.bytes;
}
uint64_t ImageLevel::rows() const { return layout.block ? (height + 3) / 4 : height; }

uint64_t makeLevelBytes(uint32_t width, uint32_t height, TexelLayout layout) {
    ImageLevel l;
    l.width = width;
    l.height = height;
    l.layout = layout;
    return l.rowBytes() * l.rows();
}

ImageLevel makeLevel(uint32_t width, uint32_t height, TexelLayout layout) {
    ImageLevel l;
    l.width = width;
    l.height = height;
    l.layout = layout;
    const uint64_t size = l.rowBytes() * l.rows();  // ≤ 16384 · 4 · 16384: no overflow
    if (size > (uint64_t(1) << 30)) throw std::length_error("texture level larger than 1 GiB");
    l.bytes.assign(size_t(size), 0);
    return l;
}

std::string writeLinear(std::vector<uint8_t>& target, const LockRegion& lock, uint64_t dest, const std::string& data) {
    if (dest < lock.base || dest - lock.base > lock.size || data.size() > lock.size - (dest - lock.base))
        return "writes past the locked range";
    const uint64_t at = lock.offset + (dest - lock.base);
    if (at > target.size() || data.size() > target.size() - at) return "writes past the end of the buffer";
    std::copy(data.begin(), data.end(), target.begin() + std::ptrdiff_t(at));
    return "";
}

std::string writeImage(ImageLevel& level, const LockRegion& lock, uint64_t dest, const std::string& data) {
    if (dest < lock.base || dest - lock.base > lock.size || data.size() > lock.size - (dest - lock.base))
        return "writes past the locked rectangle";
    if (lock.pitch == 0) return "has no row pitch";
    const uint64_t bpp = level.layout.bytes;
    const uint64_t div = level.layout.block ? 4 : 1;
    const uint64_t rectRowBytes = (lock.rectWidth + div - 1) / div * bpp;
    const uint64_t rectRows = (lock.rectHeight + div - 1) / div;
    const uint64_t leftBytes = lock.left / div * bpp, topRow = lock.top / div;
    // Bytes of a row beyond the rect's width are the pitch's padding: dropped.
    uint64_t o = dest - lock.base;
    size_t i = 0;
    while (i < data.size()) {
        const uint64_t row = o / lock.pitch, col = o % lock.pitch;
        const uint64_t toRowEnd = lock.pitch - col;
        const uint64_t n = std::min<uint64_t>(toRowEnd, data.size() - i);
        if (row < rectRows && col < rectRowBytes) {
            const uint64_t useful = std::min<uint64_t>(n, rectRowBytes - col);
            const uint64_t at = (topRow + row) * level.rowBytes() + leftBytes + col;
            if (at + useful > level.bytes.size()) return "writes past the texture level";
            std::copy(data.begin() + std::ptrdiff_t(i), data.begin() + std::ptrdiff_t(i + useful),
                      level.bytes.begin() + std::ptrdiff_t(at));
        }
        i += size_t(n);
        o += n;
    }
    return "";
}

namespace {
void put32(std::vector<uint8_t>& b, size_t at, uint32_t v) {
    for (int k = 0; k < 4; ++k) b[at + size_t(k)] = uint8_t(v >> (8 * k));
}
}  // namespace

std::vector<uint8_t> encodeDds(uint32_t fourcc, const std::vector<ImageLevel>& levels, bool cube) {
    const size_t perFace = cube ? levels.size() / 6 : levels.size();
    std::vector<uint8_t> out(128, 0);
    put32(out, 0, 0x20534444);  // "DDS "
    put32(out, 4, 124);
    // DDSD_CAPS | DDSD_HEIGHT | DDSD_WIDTH | DDSD_PIXELFORMAT | DDSD_MIPMAPCOUNT
    put32(out, 8, 0x1 | 0x2 | 0x4 | 0x1000 | 0x20000);
    put32(out, 12, levels[0].height);
    put32(out, 16, levels[0].width);
    put32(out, 28, uint32_t(perFace));
    put32(out, 76, 32);
    put32(out, 80, 0x4);  // DDPF_FOURCC
    put32(out, 84, fourcc);
    put32(out, 108, 0x1000 | (perFace > 1 ? 0x400008u : 0u) | (cube ? 0x8u : 0u));  // DDSCAPS_TEXTURE (| COMPLEX | MIPMAP)
    if (cube) {
        uint32_t caps2 = uint32_t(*d3d::valueOf("DDSCAPS2", "DDSCAPS2_CUBEMAP"));
        for (const char* face : {"DDSCAPS2_CUBEMAP_POSITIVEX", "DDSCAPS2_CUBEMAP_NEGATIVEX", "DDSCAPS2_CUBEMAP_POSITIVEY",
                                 "DDSCAPS2_CUBEMAP_NEGATIVEY", "DDSCAPS2_CUBEMAP_POSITIVEZ", "DDSCAPS2_CUBEMAP_NEGATIVEZ"})
            caps2 |= uint32_t(*d3d::valueOf("DDSCAPS2", face));
        put32(out, 112, caps2);
    }
    for (const ImageLevel& l : levels) out.insert(out.end(), l.bytes.begin(), l.bytes.end());
    return out;
}

}  // namespace refrast::apitrace
