// SPDX-License-Identifier: MIT
#include "raster/texture/decoded_levels.h"

#include "raster/texture/texel_decode.h"
#include "raster/texture/texture.h"

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
    const size_t texels = size_t(mip.width) * size_t(mip.height);
    std::unique_ptr<float[]> records(new float[texels * 4]);
    for (size_t i = 0; i < texels; ++i) {
        const Rgba c = decodeTexel(&mip.rgba[i * size_t(decoder.bytes)], decoder);
        records[4 * i] = c.r;
        records[4 * i + 1] = c.g;
        records[4 * i + 2] = c.b;
        records[4 * i + 3] = c.a;
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
