// SPDX-License-Identifier: MIT
#include "raster/texture/decoded_levels.h"

#include "raster/texture/texel_decode.h"
#include "raster/texture/texture.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace refrast {

const float* DecodedLevels::level(const Texture& texture, int level) const {
    if (level < 0 || level >= kMaxLevels)
        throw std::length_error("texture \"" + texture.name + "\": level " + std::to_string(level) +
                                " is past the sampler's " + std::to_string(kMaxLevels) + " levels");
    std::atomic<const float*>& slot = ready_[size_t(level)];
    if (const float* p = slot.load(std::memory_order_acquire)) return p;
    const std::lock_guard<std::mutex> lock(mutex_);
    if (const float* p = slot.load(std::memory_order_relaxed)) return p;  // another thread decoded it meanwhile
    const MipLevel& mip = texture.levels[size_t(level)];
    const TexelDecoder& decoder = texelDecoder(texture.encoding);
    const size_t width = size_t(mip.width), row = size_t(decodedRowRecords(mip.width));
    std::unique_ptr<float[]> records(new float[row * size_t(mip.height) * 4]);
    for (size_t y = 0; y < size_t(mip.height); ++y) {
        float* out = &records[y * row * 4];
        for (size_t x = 0; x < width; ++x) {
            const Rgba c = decodeTexel(&mip.rgba[(y * width + x) * size_t(decoder.bytes)], decoder);
            out[4 * x] = c.r;
            out[4 * x + 1] = c.g;
            out[4 * x + 2] = c.b;
            out[4 * x + 3] = c.a;
        }
        std::copy_n(out, 4, out + 4 * width);  // the row's first texel again, after its last
    }
    const float* p = records.get();
    storage_.push_back(std::move(records));
    slot.store(p, std::memory_order_release);
    return p;
}

void DecodedLevels::reset() {
    const std::lock_guard<std::mutex> lock(mutex_);
    for (std::atomic<const float*>& slot : ready_) slot.store(nullptr, std::memory_order_relaxed);
    storage_.clear();
}

}  // namespace refrast
