// SPDX-License-Identifier: MIT
// A texture's mip levels as the sampler filters them: each texel's four
// channel values r, g, b, a (rule T-11, decodeTexel) as one 16-byte record,
// decoded once instead of per sample. A row holds width + 1 records: the
// last repeats the row's first, so a texel and its right neighbour under
// WRAP, (x + 1) mod width, are always two adjacent records (one 32-byte
// load for the bilinear pair). A lane group then reads its texels as
// record loads and a transpose (lanes.h gatherRecords4) instead of a gather
// per stored word and one per channel's decode table; the values are the
// tables' own, so every frame keeps its bytes.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace refrast {

struct Texture;

class DecodedLevels {
public:
    // More than any chain has: a 16384-texel side has 15 levels.
    static constexpr int kMaxLevels = 32;

    DecodedLevels() = default;
    // A copy or a move starts empty: the copy's levels may be rewritten
    // before it is sampled.
    DecodedLevels(const DecodedLevels&) {}
    DecodedLevels& operator=(const DecodedLevels&) {
        reset();
        return *this;
    }

    // Level `level` of `texture` (whose cache this is), (width + 1) * height
    // records, texel (x, y) at y * (width + 1) + x; decoded on its first use by whichever thread asks first, the
    // others waiting for it. Throws std::length_error past kMaxLevels.
    const float* level(const Texture& texture, int level) const;

    // Forgets every decoded level, for a texture whose levels were rewritten.
    // Not while any thread samples the texture.
    void reset();

private:
    mutable std::mutex mutex_;
    mutable std::array<std::atomic<const float*>, kMaxLevels> ready_{};
    mutable std::vector<std::unique_ptr<float[]>> storage_;
};

// Records per decoded row of a level `width` texels wide.
constexpr int decodedRowRecords(int width) { return width + 1; }
// The bytes the decoded records of a w x h level take (16 per record).
constexpr uint64_t decodedLevelBytes(int width, int height) {
    return uint64_t(decodedRowRecords(width)) * uint64_t(height) * 16;
}

}  // namespace refrast
