// SPDX-License-Identifier: MIT
// PNG decode (stb_image) and encode (stb_image_write) for RGBA8 images.
#include "refrast/error.h"
#include "refrast/image.h"
#include "formats/png_validate.h"
#include "formats/resource_budget.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <climits>
#include <cstring>
#include <memory>

namespace refrast {

namespace {
constexpr uint8_t kPngSignature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
}  // namespace

bool hasPngSignature(const std::vector<uint8_t>& bytes) {
    return bytes.size() >= 8 && std::memcmp(bytes.data(), kPngSignature, 8) == 0;
}

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
    const std::vector<uint8_t> clean = validatePng(bytes, h, name);
    int w = 0, ht = 0, comp = 0;
    std::unique_ptr<stbi_uc, void (*)(void*)> data(
        stbi_load_from_memory(clean.data(), int(clean.size()), &w, &ht, &comp, 4), stbi_image_free);
    if (!data || uint32_t(w) != h.width || uint32_t(ht) != h.height) {
        const char* reason = data ? "size differs from IHDR" : stbi_failure_reason();
        throw InputError(name, "", std::string("corrupt PNG: ") + (reason && *reason ? reason : "the decoder failed"));
    }
    Image image(w, ht);
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
