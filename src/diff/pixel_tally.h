// SPDX-License-Identifier: MIT
// Classifies every pixel of a rectangle of two same-size images and reduces
// the per-channel deltas to exact integer sums (the raw material of every
// metric in docs/diff.md). Rows run in parallel; integer sums make the result
// independent of the thread count.
#pragma once

#include "refrast/diff.h"

#include <array>
#include <climits>
#include <cstdint>

namespace refrast::diff {

struct DiffTally {
    int64_t compared = 0, differing = 0, excused = 0;
    std::array<int, 4> maxDelta{};
    std::array<uint64_t, 4> sumAbs{};  // sum of |delta| per channel
    std::array<uint64_t, 4> sumSq{};   // sum of delta^2 per channel
    int minX = INT_MAX, minY = INT_MAX, maxX = -1, maxY = -1;  // differing pixels, inclusive

    void merge(const DiffTally& other);
};

// True when the mask pixel asks for the pixel to be compared (not black, not transparent).
inline bool maskKeeps(const uint8_t* maskPixel) {
    return (maskPixel[0] | maskPixel[1] | maskPixel[2]) != 0 && maskPixel[3] != 0;
}

// Tallies `rect`; `classes` (may be null) is the whole image's row-major class map.
// Excused and masked pixels contribute no delta.
DiffTally tallyRect(const Image& a, const Image& b, const DiffOptions& options, PixelRect rect,
                    PixelClass* classes);

// The tally of identical images: only the compared-pixel count (fast path).
DiffTally tallyIdentical(const DiffOptions& options, PixelRect rect, int width, PixelClass* classes);

DiffMetrics metricsFromTally(const DiffTally& tally, bool ignoreAlpha);

}  // namespace refrast::diff
