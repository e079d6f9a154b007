// SPDX-License-Identifier: MIT
// DDS parsing and decoding (uncompressed D3D9 formats, P8, the bump formats, DXT1–5).
// Spec: "DDS_HEADER", "DDS_PIXELFORMAT" (Microsoft Learn); rules T-17, T-18.
#include "formats/dds.h"

#include "formats/byte_reader.h"
#include "formats/d3d/d3d_constants.h"
#include "formats/dds_texel.h"
#include "refrast/image.h"

#include <algorithm>

namespace refrast {

namespace {

constexpr uint32_t kDdsMagic = 0x20534444;  // "DDS "
constexpr size_t kHeaderEnd = 128;
constexpr uint32_t kMaxSide = 16384;
constexpr uint32_t kMipMapCountFlag = 0x20000;  // DDSD_MIPMAPCOUNT

uint32_t caps2(const char* name) { return uint32_t(*d3d::valueOf("DDSCAPS2", name)); }

// DDSCAPS2_CUBEMAP_POSITIVEX .. NEGATIVEZ in D3DCUBEMAP_FACES order, the
// order the faces are stored in.
constexpr const char* kFaceCaps[kCubemapFaceCount] = {
    "DDSCAPS2_CUBEMAP_POSITIVEX", "DDSCAPS2_CUBEMAP_NEGATIVEX", "DDSCAPS2_CUBEMAP_POSITIVEY",
    "DDSCAPS2_CUBEMAP_NEGATIVEY", "DDSCAPS2_CUBEMAP_POSITIVEZ", "DDSCAPS2_CUBEMAP_NEGATIVEZ"};
constexpr const char* kFaceNames[kCubemapFaceCount] = {"+X", "-X", "+Y", "-Y", "+Z", "-Z"};

struct Header {
    uint32_t flags = 0, height = 0, width = 0, mipCount = 1;
    uint32_t pfFlags = 0, fourCC = 0, bits = 0, rMask = 0, gMask = 0, bMask = 0, aMask = 0, caps2 = 0;
};

uint32_t u32At(const std::vector<uint8_t>& b, size_t at) {
    return uint32_t(b[at]) | uint32_t(b[at + 1]) << 8 | uint32_t(b[at + 2]) << 16 | uint32_t(b[at + 3]) << 24;
}

Header readHeader(const std::vector<uint8_t>& b, const ByteReader& in) {
    in.require(kHeaderEnd, "DDS header");
    if (u32At(b, 0) != kDdsMagic) throw in.failAt(0, "bad magic, expected \"DDS \"");
    if (u32At(b, 4) != 124) throw in.failAt(4, "header size " + std::to_string(u32At(b, 4)) + ", expected 124");
    if (u32At(b, 76) != 32) throw in.failAt(76, "pixel format size " + std::to_string(u32At(b, 76)) + ", expected 32");
    Header h;
    h.flags = u32At(b, 8);
    h.height = u32At(b, 12);
    h.width = u32At(b, 16);
    if (h.flags & kMipMapCountFlag) h.mipCount = std::max<uint32_t>(1, u32At(b, 28));
    h.pfFlags = u32At(b, 80);
    h.fourCC = u32At(b, 84);
    h.bits = u32At(b, 88);
    h.rMask = u32At(b, 92);
    h.gMask = u32At(b, 96);
    h.bMask = u32At(b, 100);
    h.aMask = u32At(b, 104);
    h.caps2 = u32At(b, 112);
    return h;
}

void validateHeader(const Header& h, const ByteReader& in) {
    if (h.height == 0 || h.height > kMaxSide)
        throw in.failAt(12, "height " + std::to_string(h.height) + " outside 1.." + std::to_string(kMaxSide));
    if (h.width == 0 || h.width > kMaxSide)
        throw in.failAt(16, "width " + std::to_string(h.width) + " outside 1.." + std::to_string(kMaxSide));
    uint32_t maxLevels = 1;
    for (uint32_t side = std::max(h.width, h.height); side > 1; side >>= 1) ++maxLevels;
    if (h.mipCount > maxLevels)
        throw in.failAt(28, "mip count " + std::to_string(h.mipCount) + " exceeds the " + std::to_string(maxLevels) +
                                " levels of a " + std::to_string(h.width) + "x" + std::to_string(h.height) + " chain");
    if (h.caps2 & caps2("DDSCAPS2_VOLUME")) throw in.failAt(112, "volume textures are not supported");
    if (!(h.caps2 & caps2("DDSCAPS2_CUBEMAP"))) return;
    // A D3D9 cube texture has six square faces (CreateCubeTexture's EdgeLength).
    std::string missing;
    for (int f = 0; f < kCubemapFaceCount; ++f)
        if (!(h.caps2 & caps2(kFaceCaps[f]))) missing += std::string(missing.empty() ? "" : ", ") + kFaceNames[f];
    if (!missing.empty())
        throw in.failAt(112, "partial cube map: face(s) " + missing + " missing (a D3D9 cube texture has all six)");
    if (h.width != h.height)
        throw in.failAt(12, "cube map faces are " + std::to_string(h.width) + "x" + std::to_string(h.height) +
                                ", expected square faces");
}

// Bytes of one level: blocks of 4×4 for DXT, else tightly packed rows.
uint64_t levelBytes(DdsFormat format, uint64_t w, uint64_t h) {
    const int block = dxtBlockBytes(format);
    if (block) return ((w + 3) / 4) * ((h + 3) / 4) * uint64_t(block);
    return w * h * uint64_t(ddsBytesPerPixel(format));
}

MipLevel decodeLevel(DdsFormat format, int w, int h, const std::vector<uint8_t>& raw, const std::vector<uint8_t>& palette,
                     const DdsOptions& options) {
    MipLevel level;
    level.width = w;
    level.height = h;
    level.rgba.resize(size_t(w) * size_t(h) * size_t(texelBytes(ddsTexelEncoding(format, options))));
    if (dxtBlockBytes(format)) decodeDxtLevel(format, raw, options.dxtRounding, level);
    else decodeUncompressedLevel(format, raw, palette, level);
    return level;
}

}  // namespace

TexelEncoding ddsTexelEncoding(DdsFormat format, const DdsOptions& options) {
    switch (format) {
        case DdsFormat::V8U8:
        case DdsFormat::Q8W8V8U8: return TexelEncoding::Snorm8;
        case DdsFormat::X8L8V8U8: return TexelEncoding::X8L8V8U8;
        case DdsFormat::L6V5U5:
            return options.snorm5 == Snorm5Rule::Clamp ? TexelEncoding::L6V5U5Clamped : TexelEncoding::L6V5U5;
        case DdsFormat::V16U16: return TexelEncoding::V16U16;
        default: return TexelEncoding::Unorm8;
    }
}

Texture decodeDdsLevels(DdsFormat format, uint32_t width, uint32_t height, uint32_t mipCount, ByteReader& in,
                        const std::vector<uint8_t>& palette, const DdsOptions& options, const std::string& what) {
    Texture texture;
    texture.encoding = ddsTexelEncoding(format, options);
    for (uint32_t i = 0; i < mipCount; ++i) {
        const int w = int(std::max<uint32_t>(1, width >> i)), hh = int(std::max<uint32_t>(1, height >> i));
        const std::vector<uint8_t> raw = in.take(levelBytes(format, uint64_t(w), uint64_t(hh)), what + "mip level " + std::to_string(i));
        texture.levels.push_back(decodeLevel(format, w, hh, raw, palette, options));
    }
    return texture;
}

DdsFile parseDds(const std::vector<uint8_t>& bytes, const std::string& file, const DdsOptions& options) {
    ByteReader in(bytes, file);
    const Header h = readHeader(bytes, in);
    validateHeader(h, in);
    DdsFile out;
    out.format = ddsFormatOf(h.pfFlags, h.fourCC, h.bits, {h.rMask, h.gMask, h.bMask, h.aMask}, in);
    in.take(kHeaderEnd, "DDS header");
    const std::vector<uint8_t> palette = out.format == DdsFormat::P8 ? in.take(1024, "P8 palette") : std::vector<uint8_t>{};
    if (h.caps2 & caps2("DDSCAPS2_CUBEMAP")) {
        // The six faces back to back, each with its whole mip chain.
        out.texture.type = TextureType::Cube;
        out.texture.encoding = ddsTexelEncoding(out.format, options);
        for (int f = 0; f < kCubemapFaceCount; ++f)
            out.texture.faces.push_back(decodeDdsLevels(out.format, h.width, h.height, h.mipCount, in, palette, options,
                                                        std::string("cube face ") + kFaceNames[f] + " "));
    } else {
        out.texture = decodeDdsLevels(out.format, h.width, h.height, h.mipCount, in, palette, options);
    }
    if (in.remaining() != 0) throw in.fail(std::to_string(in.remaining()) + " trailing bytes after the last mip level");
    return out;
}

DdsFile readDds(const std::string& path, const DdsOptions& options) {
    return parseDds(readFileBytes(path), path, options);
}

}  // namespace refrast
