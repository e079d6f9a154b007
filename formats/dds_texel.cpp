// SPDX-License-Identifier: MIT
// DDS pixel formats: identification and decoding to RGBA8 (rule T-18).
// Spec: "DDS_PIXELFORMAT", D3DFORMAT; fixed-function reference §4.5 (V8U8).
#include "formats/dds_texel.h"

#include "formats/texel_widen.h"

#include <cstdio>

namespace refrast {

namespace {

constexpr uint32_t kAlphaPixels = 0x1, kAlphaOnly = 0x2, kFourCC = 0x4, kPalette8 = 0x20, kRgb = 0x40;
constexpr uint32_t kLuminance = 0x20000, kBumpDuDv = 0x80000;

struct MaskFormat {
    DdsFormat format;
    uint32_t d3dfmt;  // D3DFORMAT code, also accepted as a numeric FourCC
    uint32_t kind;    // the DDPF_* class flag
    uint32_t bits;
    std::array<uint32_t, 4> masks;  // R, G, B, A
};

constexpr MaskFormat kMaskFormats[] = {
    {DdsFormat::A8R8G8B8, 21, kRgb, 32, {0xFF0000, 0xFF00, 0xFF, 0xFF000000}},
    {DdsFormat::X8R8G8B8, 22, kRgb, 32, {0xFF0000, 0xFF00, 0xFF, 0}},
    {DdsFormat::R5G6B5, 23, kRgb, 16, {0xF800, 0x07E0, 0x001F, 0}},
    {DdsFormat::X1R5G5B5, 24, kRgb, 16, {0x7C00, 0x03E0, 0x001F, 0}},
    {DdsFormat::A1R5G5B5, 25, kRgb, 16, {0x7C00, 0x03E0, 0x001F, 0x8000}},
    {DdsFormat::A4R4G4B4, 26, kRgb, 16, {0x0F00, 0x00F0, 0x000F, 0xF000}},
    {DdsFormat::A8, 28, kAlphaOnly, 8, {0, 0, 0, 0xFF}},
    {DdsFormat::P8, 41, kPalette8, 8, {0, 0, 0, 0}},
    {DdsFormat::L8, 50, kLuminance, 8, {0xFF, 0, 0, 0}},
    {DdsFormat::A8L8, 51, kLuminance, 16, {0xFF, 0, 0, 0xFF00}},
    {DdsFormat::V8U8, 60, kBumpDuDv, 16, {0x00FF, 0xFF00, 0, 0}},
};

constexpr uint32_t fourCC(char a, char b, char c, char d) {
    return uint32_t(uint8_t(a)) | uint32_t(uint8_t(b)) << 8 | uint32_t(uint8_t(c)) << 16 | uint32_t(uint8_t(d)) << 24;
}

std::string describe(uint32_t flags, uint32_t code, uint32_t bits, const std::array<uint32_t, 4>& m) {
    char buf[200];
    std::snprintf(buf, sizeof buf, "flags 0x%X, fourCC 0x%08X, %u bits, masks R 0x%X G 0x%X B 0x%X A 0x%X", flags, code,
                  bits, m[0], m[1], m[2], m[3]);
    return buf;
}

DdsFormat byFourCC(uint32_t code, const ByteReader& in) {
    if (code == fourCC('D', 'X', 'T', '1')) return DdsFormat::Dxt1;
    if (code == fourCC('D', 'X', 'T', '3')) return DdsFormat::Dxt3;
    if (code == fourCC('D', 'X', 'T', '5')) return DdsFormat::Dxt5;
    for (const MaskFormat& f : kMaskFormats)
        if (code == f.d3dfmt) return f.format;
    char buf[100];
    std::snprintf(buf, sizeof buf, "unsupported FourCC 0x%08X (expected DXT1, DXT3, DXT5 or a supported D3DFMT code)", code);
    throw in.failAt(84, buf);
}

uint32_t u16At(const uint8_t* p) { return uint32_t(p[0]) | uint32_t(p[1]) << 8; }

using Rgba8 = std::array<uint8_t, 4>;

Rgba8 decodeTexel(DdsFormat format, const uint8_t* p, const std::vector<uint8_t>& palette) {
    switch (format) {
        case DdsFormat::A8R8G8B8: return {p[2], p[1], p[0], p[3]};  // bytes [B, G, R, A]
        case DdsFormat::X8R8G8B8: return {p[2], p[1], p[0], 0xFF};
        case DdsFormat::R5G6B5: {
            const uint32_t v = u16At(p);
            return {widen5(v >> 11), widen6((v >> 5) & 63), widen5(v & 31), 0xFF};
        }
        case DdsFormat::X1R5G5B5:
        case DdsFormat::A1R5G5B5: {
            const uint32_t v = u16At(p);
            const uint8_t a = format == DdsFormat::A1R5G5B5 ? widen1(v >> 15) : 0xFF;
            return {widen5((v >> 10) & 31), widen5((v >> 5) & 31), widen5(v & 31), a};
        }
        case DdsFormat::A4R4G4B4: {
            const uint32_t v = u16At(p);
            return {widen4((v >> 8) & 15), widen4((v >> 4) & 15), widen4(v & 15), widen4(v >> 12)};
        }
        case DdsFormat::A8: return {0, 0, 0, p[0]};                 // colour reads as 0
        case DdsFormat::L8: return {p[0], p[0], p[0], 0xFF};        // (L, L, L, 1)
        case DdsFormat::A8L8: return {p[0], p[0], p[0], p[1]};      // L low byte, A high byte
        case DdsFormat::P8: {                                       // PALETTEENTRY [R, G, B, A]
            const uint8_t* e = &palette[size_t(p[0]) * 4];
            return {e[0], e[1], e[2], e[3]};
        }
        case DdsFormat::V8U8: return {p[0], p[1], 127, 127};  // signed (U, V, 1, 1): 127 = +1.0 as Snorm8
        default: return {0, 0, 0, 0};
    }
}

}  // namespace

DdsFormat ddsFormatOf(uint32_t flags, uint32_t code, uint32_t bits, std::array<uint32_t, 4> masks, const ByteReader& in) {
    if (flags & kFourCC) return byFourCC(code, in);
    const uint32_t kind = flags & (kRgb | kLuminance | kAlphaOnly | kBumpDuDv | kPalette8);
    if (!(flags & kAlphaPixels) && kind != kAlphaOnly) masks[3] = 0;
    if (kind == kPalette8) masks = {0, 0, 0, 0};
    for (const MaskFormat& f : kMaskFormats)
        if (f.kind == kind && f.bits == bits && f.masks == masks) return f.format;
    throw in.failAt(76, "unsupported pixel format (" + describe(flags, code, bits, masks) + ")");
}

int ddsBytesPerPixel(DdsFormat format) {
    switch (format) {
        case DdsFormat::A8R8G8B8:
        case DdsFormat::X8R8G8B8: return 4;
        case DdsFormat::A8:
        case DdsFormat::L8:
        case DdsFormat::P8: return 1;
        default: return 2;
    }
}

int dxtBlockBytes(DdsFormat format) {
    if (format == DdsFormat::Dxt1) return 8;
    if (format == DdsFormat::Dxt3 || format == DdsFormat::Dxt5) return 16;
    return 0;
}

void decodeUncompressedLevel(DdsFormat format, const std::vector<uint8_t>& raw, const std::vector<uint8_t>& palette,
                             MipLevel& level) {
    const size_t stride = size_t(ddsBytesPerPixel(format));
    for (size_t i = 0; i < size_t(level.width) * size_t(level.height); ++i) {
        const Rgba8 c = decodeTexel(format, &raw[i * stride], palette);
        for (size_t k = 0; k < 4; ++k) level.rgba[i * 4 + k] = c[k];
    }
}

// Blocks cover 4×4 texels left to right, top to bottom; texels of partial
// blocks beyond the level's edge are dropped.
void decodeDxtLevel(DdsFormat format, const std::vector<uint8_t>& raw, DxtRounding rounding, MipLevel& level) {
    const int blocksWide = (level.width + 3) / 4, blocksHigh = (level.height + 3) / 4;
    const size_t blockBytes = size_t(dxtBlockBytes(format));
    for (int by = 0; by < blocksHigh; ++by)
        for (int bx = 0; bx < blocksWide; ++bx) {
            const uint8_t* block = &raw[(size_t(by) * size_t(blocksWide) + size_t(bx)) * blockBytes];
            const DxtBlockRgba texels = format == DdsFormat::Dxt1   ? decodeDxt1Block(block, rounding)
                                        : format == DdsFormat::Dxt3 ? decodeDxt3Block(block, rounding)
                                                                    : decodeDxt5Block(block, rounding);
            for (int t = 0; t < 16; ++t) {
                const int x = bx * 4 + t % 4, y = by * 4 + t / 4;
                if (x >= level.width || y >= level.height) continue;
                for (size_t k = 0; k < 4; ++k)
                    level.rgba[(size_t(y) * size_t(level.width) + size_t(x)) * 4 + k] = texels[size_t(t)][k];
            }
        }
}

}  // namespace refrast
