// SPDX-License-Identifier: MIT
// PNG decode (stb_image) and encode (stb_image_write) for RGBA8 images.
#include "refrast/error.h"
#include "refrast/image.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <climits>
#include <cstring>
#include <memory>

namespace refrast {

namespace {
constexpr uint8_t kPngSignature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
// Largest image side accepted from a file: a sane cap so a forged header
// cannot ask for gigabytes (16384 is D3D11's texture/target limit).
constexpr int kMaxImageSide = 16384;
}  // namespace

bool hasPngSignature(const std::vector<uint8_t>& bytes) {
    return bytes.size() >= 8 && std::memcmp(bytes.data(), kPngSignature, 8) == 0;
}

Image decodePng(const std::vector<uint8_t>& bytes, const std::string& name) {
    if (!hasPngSignature(bytes)) throw InputError::atOffset(name, 0, "not a PNG file (bad signature)");
    if (bytes.size() > size_t(INT_MAX)) throw InputError(name, "", "PNG file too large");
    int w = 0, h = 0, comp = 0;
    if (!stbi_info_from_memory(bytes.data(), int(bytes.size()), &w, &h, &comp))
        throw InputError(name, "", std::string("corrupt PNG: ") + stbi_failure_reason());
    if (w <= 0 || h <= 0 || w > kMaxImageSide || h > kMaxImageSide)
        // The IHDR chunk's width field is at byte 16 (8-byte signature, 8-byte chunk header).
        throw InputError::atOffset(name, 16, "PNG size " + std::to_string(w) + "x" + std::to_string(h) +
                                       " outside 1.." + std::to_string(kMaxImageSide));
    std::unique_ptr<stbi_uc, void (*)(void*)> data(
        stbi_load_from_memory(bytes.data(), int(bytes.size()), &w, &h, &comp, 4), stbi_image_free);
    if (!data) throw InputError(name, "", std::string("corrupt PNG: ") + stbi_failure_reason());
    Image image(w, h);
    std::memcpy(image.rgba.data(), data.get(), image.rgba.size());
    return image;
}

Image readPng(const std::string& path) { return decodePng(readFileBytes(path), path); }

std::vector<uint8_t> encodePng(const Image& image) {
    std::vector<uint8_t> png;
    auto append = [](void* context, void* data, int size) {
        auto* out = static_cast<std::vector<uint8_t>*>(context);
        out->insert(out->end(), static_cast<uint8_t*>(data), static_cast<uint8_t*>(data) + size);
    };
    if (!stbi_write_png_to_func(append, &png, image.width, image.height, 4, image.rgba.data(), image.width * 4))
        throw std::runtime_error("PNG encoding failed");
    return png;
}

void writePng(const std::string& path, const Image& image) { writeFileAtomic(path, encodePng(image)); }

}  // namespace refrast
