// SPDX-License-Identifier: MIT
// PNG decode and encode for RGBA8 images. Encoding filters and deflates the
// rows in pieces on several threads (formats/png_deflate.h). 8-bit RGB and RGBA images without
// interlacing or tRNS (every image refrast writes, and most captures) are
// inflated in one call by libdeflate and unfiltered here, in place; every
// other kind is decoded by stb_image after the validator has checked it. Any
// image data that libdeflate does not accept exactly is handed to the zlib
// check (png_validate.h), which names what is wrong.
#include "refrast/error.h"
#include "refrast/image.h"
#include "formats/png_chunk.h"
#include "formats/png_deflate.h"
#include "formats/png_filter.h"
#include "formats/png_validate.h"
#include "formats/resource_budget.h"
#include "formats/huge_pages.h"

#include <libdeflate.h>
#include <stb_image.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <memory>

namespace refrast {

bool hasPngSignature(const std::vector<uint8_t>& bytes) {
    return bytes.size() >= 8 && std::memcmp(bytes.data(), kPngSignature, 8) == 0;
}

namespace {

bool fastPathFits(const PngHeader& h, const PngImageData& d) {
    return h.bitDepth == 8 && (h.colorType == 6 || (h.colorType == 2 && !d.hasTrns)) && h.interlace == 0;
}

// Inflates straight into the image's own buffer, placed so that the rows can
// be unfiltered in place (see unfilterRows); false when libdeflate does not
// produce exactly the IHDR's size from exactly the whole stream.
bool decodeFast(const PngHeader& h, const PngImageData& d, const std::string& name, Image& image) {
    const int channels = h.colorType == 6 ? 4 : 3;
    const size_t pixels = size_t(h.width) * h.height * 4;
    const size_t buffer = std::max<size_t>(pixels, h.rawBytes);
    const size_t rawAt = buffer - h.rawBytes;
    image.width = int(h.width);
    image.height = int(h.height);
    reserveWithHugePages(image.rgba, buffer);
    image.rgba.resize(buffer);
    std::unique_ptr<libdeflate_decompressor, void (*)(libdeflate_decompressor*)> z(libdeflate_alloc_decompressor(),
                                                                                   libdeflate_free_decompressor);
    if (!z) throw std::bad_alloc();
    size_t in = 0, out = 0;
    const libdeflate_result rc = libdeflate_zlib_decompress_ex(z.get(), d.stream.data(), d.stream.size(),
                                                               image.rgba.data() + rawAt, h.rawBytes, &in, &out);
    if (rc != LIBDEFLATE_SUCCESS || in != d.stream.size() || out != h.rawBytes) return false;
    const long badRow = unfilterRows(image.rgba.data() + rawAt, image.rgba.data(), h.width, h.height, channels);
    if (badRow >= 0) {
        const uint8_t filter = image.rgba[rawAt + size_t(badRow) * (1 + size_t(h.width) * size_t(channels))];
        throw InputError::atOffset(name, d.idatOffset, pngFilterTypeError(uint32_t(badRow), filter));
    }
    image.rgba.resize(pixels);
    return true;
}

}  // namespace

Image decodePng(const std::vector<uint8_t>& bytes, const std::string& name) {
    const PngHeader h = readPngHeader(bytes, name);
    // stb_image sizes its buffers with int: stay below 2 GiB everywhere.
    if (bytes.size() > size_t(INT_MAX) || h.rawBytes > uint64_t(INT_MAX))
        throw InputError::atOffset(name, 16, "PNG of " + std::to_string(h.width) + "x" + std::to_string(h.height) +
                                                 " at " + std::to_string(h.bitDepth) +
                                                 " bits needs more than the decoder's 2 GiB of image data");
    const uint64_t rgba = uint64_t(h.width) * h.height * 4;
    const std::string what = "a " + std::to_string(h.width) + "x" + std::to_string(h.height) + " PNG";
    // Decoding holds the inflated data, stb's RGBA8 result and our copy at
    // once; only the copy stays (as level 0, plus room for its mip chain).
    requireMemory(h.rawBytes + 2 * rgba, what, name, "byte offset 16");
    chargeMemory(rgba * 4 / 3, what, name, "byte offset 16");
    const PngImageData data = checkPngChunks(bytes, h, name);
    if (fastPathFits(h, data)) {
        Image image;
        if (decodeFast(h, data, name, image)) return image;
    }
    checkImageData(data, h, name);
    const std::vector<uint8_t> clean = rebuildPngForDecoder(bytes, h, data);
    int w = 0, ht = 0, comp = 0;
    std::unique_ptr<stbi_uc, void (*)(void*)> pixels(
        stbi_load_from_memory(clean.data(), int(clean.size()), &w, &ht, &comp, 4), stbi_image_free);
    if (!pixels || uint32_t(w) != h.width || uint32_t(ht) != h.height) {
        const char* reason = pixels ? "size differs from IHDR" : stbi_failure_reason();
        throw InputError(name, "", std::string("corrupt PNG: ") + (reason && *reason ? reason : "the decoder failed"));
    }
    Image image(w, ht);
    std::memcpy(image.rgba.data(), pixels.get(), image.rgba.size());
    return image;
}

Image readPng(const std::string& path) { return decodePng(readFileBytes(path), path); }

std::vector<uint8_t> encodePng(const Image& image, int threads) {
    const size_t rowBytes = size_t(image.width) * 4, stride = 1 + rowBytes;
    const FilterRows filter = [&image, stride](uint32_t begin, uint32_t end, uint8_t* out) {
        for (uint32_t y = begin; y < end; ++y)
            filterRowRgba(image.pixel(0, int(y)), y > 0 ? image.pixel(0, int(y) - 1) : nullptr, uint32_t(image.width),
                          out + size_t(y - begin) * stride);
    };
    const uint8_t ihdrTail[5] = {8, 6, 0, 0, 0};  // 8 bits, RGBA, deflate, adaptive filters, no interlace
    return assemblePng(uint32_t(image.width), uint32_t(image.height), ihdrTail,
                       deflatePngRows(uint32_t(image.height), stride, filter, threads));
}

std::vector<uint8_t> encodePng(const Image& image) { return encodePng(image, 0); }

void writePng(const std::string& path, const Image& image) { writeFileAtomic(path, encodePng(image)); }

}  // namespace refrast
