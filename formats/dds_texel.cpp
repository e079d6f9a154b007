// SPDX-License-Identifier: MIT
// DDS pixel formats: identification and decoding to RGBA8 (rule T-18).
// Spec: "DDS_PIXELFORMAT", D3DFORMAT; fixed-function reference §4.5 (the
// signed bump formats); DirectXTex DDS.h (the bump pixel formats' masks).
#include "formats/dds_texel.h"

#include "formats/byte_reader.h"
#include "formats/d3d/d3d_constants.h"
#include "formats/texel_widen.h"

#include <cstdio>
#include <optional>
#include <string>

namespace refrast {

namespace {

constexpr uint32_t kAlphaPixels = 0x1, kAlphaOnly = 0x2, kFourCC = 0x4, kPalette8 = 0x20, kRgb = 0x40;
constexpr uint32_t kLuminance = 0x20000, kBumpLuminance = 0x40000, kBumpDuDv = 0x80000;

struct MaskFormat {
    DdsFormat format;
    uint32_t kind;    // the DDPF_* class flag
    uint32_t bits;
    std::array<uint32_t, 4> masks;  // R, G, B, A
    const char* name;               // the D3DFMT name without D3DFMT_; its code is also accepted as a numeric FourCC
};

constexpr MaskFormat kMaskFormats[] = {
    {DdsFormat::A8R8G8B8, kRgb, 32, {0xFF0000, 0xFF00, 0xFF, 0xFF000000}, "A8R8G8B8"},
    {DdsFormat::X8R8G8B8, kRgb, 32, {0xFF0000, 0xFF00, 0xFF, 0}, "X8R8G8B8"},
    {DdsFormat::R5G6B5, kRgb, 16, {0xF800, 0x07E0, 0x001F, 0}, "R5G6B5"},
    {DdsFormat::X1R5G5B5, kRgb, 16, {0x7C00, 0x03E0, 0x001F, 0}, "X1R5G5B5"},
    {DdsFormat::A1R5G5B5, kRgb, 16, {0x7C00, 0x03E0, 0x001F, 0x8000}, "A1R5G5B5"},
    {DdsFormat::A4R4G4B4, kRgb, 16, {0x0F00, 0x00F0, 0x000F, 0xF000}, "A4R4G4B4"},
    {DdsFormat::A8, kAlphaOnly, 8, {0, 0, 0, 0xFF}, "A8"},
    {DdsFormat::P8, kPalette8, 8, {0, 0, 0, 0}, "P8"},
    {DdsFormat::L8, kLuminance, 8, {0xFF, 0, 0, 0}, "L8"},
    {DdsFormat::A8L8, kLuminance, 16, {0xFF, 0, 0, 0xFF00}, "A8L8"},
    {DdsFormat::A4L4, kLuminance, 8, {0x0F, 0, 0, 0xF0}, "A4L4"},
    {DdsFormat::V8U8, kBumpDuDv, 16, {0x00FF, 0xFF00, 0, 0}, "V8U8"},
    // The bump formats with luminance: R = U, G = V, B = L (DirectXTex DDSPF_L6V5U5, DDSPF_X8L8V8U8).
    {DdsFormat::L6V5U5, kBumpLuminance, 16, {0x001F, 0x03E0, 0xFC00, 0}, "L6V5U5"},
    {DdsFormat::X8L8V8U8, kBumpLuminance, 32, {0xFF, 0xFF00, 0xFF0000, 0}, "X8L8V8U8"},
    {DdsFormat::Q8W8V8U8, kBumpDuDv, 32, {0xFF, 0xFF00, 0xFF0000, 0xFF000000}, "Q8W8V8U8"},
    {DdsFormat::V16U16, kBumpDuDv, 32, {0xFFFF, 0xFFFF0000, 0, 0}, "V16U16"},
};

struct FourCCFormat {
    DdsFormat format;
    const char* name;  // the FourCC's four characters, also the D3DFMT name
};

constexpr FourCCFormat kFourCCFormats[] = {
    {DdsFormat::Dxt1, "DXT1"}, {DdsFormat::Dxt2, "DXT2"}, {DdsFormat::Dxt3, "DXT3"},
    {DdsFormat::Dxt4, "DXT4"}, {DdsFormat::Dxt5, "DXT5"},
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
    for (const FourCCFormat& f : kFourCCFormats)
        if (code == fourCC(f.name[0], f.name[1], f.name[2], f.name[3])) return f.format;
    for (const MaskFormat& f : kMaskFormats)
        if (std::optional<int64_t> v = d3d::valueOf("D3DFORMAT", std::string("D3DFMT_") + f.name); v && code == *v)
            return f.format;
    char buf[120];
    std::snprintf(buf, sizeof buf, "unsupported FourCC 0x%08X (expected DXT1 to DXT5 or a supported D3DFMT code)", code);
    throw in.failAt(84, buf);
}

using Rgba8 = std::array<uint8_t, 4>;

// A 5-bit two's-complement code (bits 0..4 of v) as a signed byte, -16..15.
uint8_t signExtend5(uint32_t v) { return uint8_t(int8_t(int(v & 31) - ((v & 16) << 1))); }

// The stored texel of the 4-byte encodings (raster/texture/texture.h).
Rgba8 decodeTexel(DdsFormat format, const uint8_t* p, const std::vector<uint8_t>& palette) {
    switch (format) {
        case DdsFormat::A8R8G8B8: return {p[2], p[1], p[0], p[3]};  // bytes [B, G, R, A]
        case DdsFormat::X8R8G8B8: return {p[2], p[1], p[0], 0xFF};
        case DdsFormat::R5G6B5: {
            const uint32_t v = le16At(p);
            return {widen5(v >> 11), widen6((v >> 5) & 63), widen5(v & 31), 0xFF};
        }
        case DdsFormat::X1R5G5B5:
        case DdsFormat::A1R5G5B5: {
            const uint32_t v = le16At(p);
            const uint8_t a = format == DdsFormat::A1R5G5B5 ? widen1(v >> 15) : 0xFF;
            return {widen5((v >> 10) & 31), widen5((v >> 5) & 31), widen5(v & 31), a};
        }
        case DdsFormat::A4R4G4B4: {
            const uint32_t v = le16At(p);
            return {widen4((v >> 8) & 15), widen4((v >> 4) & 15), widen4(v & 15), widen4(v >> 12)};
        }
        case DdsFormat::A8: return {0, 0, 0, p[0]};                 // colour reads as 0
        case DdsFormat::L8: return {p[0], p[0], p[0], 0xFF};        // (L, L, L, 1)
        case DdsFormat::A8L8: return {p[0], p[0], p[0], p[1]};      // L low byte, A high byte
        case DdsFormat::P8: {                                       // PALETTEENTRY [R, G, B, A]
            const uint8_t* e = &palette[size_t(p[0]) * 4];
            return {e[0], e[1], e[2], e[3]};
        }
        case DdsFormat::A4L4: return {widen4(p[0] & 15), widen4(p[0] & 15), widen4(p[0] & 15), widen4(p[0] >> 4)};
        case DdsFormat::V8U8: return {p[0], p[1], 127, 127};  // signed (U, V, 1, 1): 127 = +1.0 as Snorm8
        case DdsFormat::L6V5U5: {  // u16: U bits 0..4, V bits 5..9, L bits 10..15; alpha 1
            const uint32_t v = le16At(p);
            return {signExtend5(v), signExtend5(v >> 5), uint8_t(v >> 10), 0xFF};
        }
        case DdsFormat::X8L8V8U8: return {p[0], p[1], p[2], 0xFF};  // bytes [U, V, L, X]; alpha 1
        case DdsFormat::Q8W8V8U8: return {p[0], p[1], p[2], p[3]};  // bytes [U, V, W, Q], all signed
        default: return {0, 0, 0, 0};
    }
}

}  // namespace

DdsFormat ddsFormatOf(uint32_t flags, uint32_t code, uint32_t bits, std::array<uint32_t, 4> masks, const ByteReader& in) {
    if (flags & kFourCC) return byFourCC(code, in);
    uint32_t kind = flags & (kRgb | kLuminance | kAlphaOnly | kBumpDuDv | kPalette8);
    // DDPF_BUMPLUMINANCE comes alone (DirectXTex) or with DDPF_BUMPDUDV (DirectDraw).
    if (flags & kBumpLuminance) kind = (kind & ~kBumpDuDv) | kBumpLuminance;
    // Q8W8V8U8's alpha mask is written without DDPF_ALPHAPIXELS (DirectXTex DDSPF_Q8W8V8U8).
    if (!(flags & kAlphaPixels) && kind != kAlphaOnly && kind != kBumpDuDv) masks[3] = 0;
    if (kind == kPalette8) masks = {0, 0, 0, 0};
    for (const MaskFormat& f : kMaskFormats)
        if (f.kind == kind && f.bits == bits && f.masks == masks) return f.format;
    throw in.failAt(76, "unsupported pixel format (" + describe(flags, code, bits, masks) + ")");
}

const char* ddsFormatName(DdsFormat format) {
    for (const FourCCFormat& f : kFourCCFormats)
        if (f.format == format) return f.name;
    for (const MaskFormat& f : kMaskFormats)
        if (f.format == format) return f.name;
    return "";
}

bool ddsFormatByName(const std::string& name, DdsFormat& out) {
    for (const FourCCFormat& f : kFourCCFormats)
        if (name == f.name) return out = f.format, true;
    for (const MaskFormat& f : kMaskFormats)
        if (name == f.name) return out = f.format, true;
    return false;
}

int ddsBytesPerPixel(DdsFormat format) {
    for (const MaskFormat& f : kMaskFormats)
        if (f.format == format) return int(f.bits / 8);
    return 0;
}

int dxtBlockBytes(DdsFormat format) {
    if (format == DdsFormat::Dxt1) return 8;
    if (format == DdsFormat::Dxt2 || format == DdsFormat::Dxt3 || format == DdsFormat::Dxt4 || format == DdsFormat::Dxt5)
        return 16;
    return 0;
}

void decodeUncompressedLevel(DdsFormat format, const std::vector<uint8_t>& raw, const std::vector<uint8_t>& palette,
                             MipLevel& level) {
    const size_t stride = size_t(ddsBytesPerPixel(format));
    const size_t texels = size_t(level.width) * size_t(level.height);
    if (format == DdsFormat::V16U16) {
        // u32: U bits 0..15, V bits 16..31, both signed; blue and alpha +1
        // (32767). Kept as four little-endian i16, not narrowed to 8 bits.
        for (size_t i = 0; i < texels; ++i) {
            const uint32_t v = le32At(&raw[i * stride]);
            const uint8_t out[8] = {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24), 0xFF, 0x7F, 0xFF, 0x7F};
            for (size_t k = 0; k < 8; ++k) level.rgba[i * 8 + k] = out[k];
        }
        return;
    }
    for (size_t i = 0; i < texels; ++i) {
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
            // DXT2/DXT4 are DXT3/DXT5 blocks whose colour was premultiplied by
            // alpha when authored; the stage reads them as stored (rule T-17).
            const DxtBlockRgba texels = format == DdsFormat::Dxt1 ? decodeDxt1Block(block, rounding)
                                        : (format == DdsFormat::Dxt2 || format == DdsFormat::Dxt3)
                                            ? decodeDxt3Block(block, rounding)
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
