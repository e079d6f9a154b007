// SPDX-License-Identifier: MIT
// A span's quads in and out of a frame plane of 4-byte pixels (depth words,
// RGBA8 colour): pixel k of quad q lies in row k >> 1 of the quad at column
// x[q] + (k & 1), so a whole quad is two pairs of neighbours, read and
// written as two 8-byte copies; a partial quad moves its live pixels one by
// one. Included by the span kernels inside their level's namespace (no
// weak symbol shared between levels: kernel_symbols).
#pragma once

#include "raster/lanes/lanes.h"
#include "raster/lanes/span.h"
#include "raster/rasterize/interpolate.h"

#include <cstddef>
#include <cstring>

namespace refrast::REFRAST_LANES_NS {

namespace {

// Zeroes slots[0, n) rounded up to whole lane groups: the lanes a kernel
// reads for a span of n pixels. A span is often one quad of a wide array;
// the loop has a constant trip count so the compiler does not turn it into
// a call to memset (which cost W3 more than the stores).
inline void zeroLaneGroups(int32_t* slots, int n) {
    store(slots, splatI(0));  // n >= 1: the first group always
    if (n <= kWidth) return;  // (one quad at SSE and wider: no loop)
    for (int k = kWidth; k < kSpanPixels; k += kWidth)
        if (k < n) store(slots + k, splatI(0));
}

// Pixel k of a quad from its pixel 0 in planes `width` wide.
inline size_t quadOffset(int k, size_t width) { return (k & 2 ? width : 0) + size_t(k & 1); }

// The pixels `quad` (bits k) of the quad whose pixel 0 is plane[0] into slots[k].
inline void loadQuadPixels(const uint32_t* plane, size_t width, unsigned quad, int32_t slots[4]) {
    if (quad == 0xF) {
        std::memcpy(slots, plane, 8);
        std::memcpy(slots + 2, plane + width, 8);
        return;
    }
    for (int k = 0; k < 4; ++k)
        if (quad >> k & 1) std::memcpy(&slots[k], plane + quadOffset(k, width), 4);
}

// slots[k] into the pixels `quad` of the quad whose pixel 0 is plane[0]; the
// others are left as they are (they may lie outside the tile, another thread's).
inline void storeQuadPixels(uint32_t* plane, size_t width, unsigned quad, const int32_t slots[4]) {
    if (quad == 0xF) {
        std::memcpy(plane, slots, 8);
        std::memcpy(plane + width, slots + 2, 8);
        return;
    }
    for (int k = 0; k < 4; ++k)
        if (quad >> k & 1) std::memcpy(plane + quadOffset(k, width), &slots[k], 4);
}

// Whether the span is kSpanQuads quads side by side in one quad row with
// every pixel live (a wide triangle's, most of W2's): its pixels are then
// two rows of 2 kSpanQuads neighbours, moved a lane group at a time
// (loadQuadRow, storeQuadRow) where a quad by quad copy was a seventh of
// W2's time.
inline bool wholeQuadRow(const QuadSpan& span, SpanMask live) {
    if (span.quads != kSpanQuads || live != ~SpanMask(0)) return false;
    const I32 x0 = splatI(span.x[0]), y0 = splatI(span.y[0]), lanes = laneIndices();
    constexpr unsigned kGroup = (1u << kWidth) - 1u;
    for (int q = 0; q < kSpanQuads; q += kWidth) {
        const IMask sameRow = loadI(span.y + q) == y0;                                // quad q + k at (x0 + 2 (q + k), y0)
        const IMask nextColumn = loadI(span.x + q) == x0 + ((lanes + splatI(q)) << 1);
        if (laneBits(sameRow) != kGroup || laneBits(nextColumn) != kGroup) return false;
    }
    return true;
}

// The pixels of a whole quad row (wholeQuadRow) whose first quad's pixel 0
// is plane[0] into slots, in span order, and back.
inline void loadQuadRow(const uint32_t* plane, size_t width, int32_t slots[kSpanPixels]) {
    const int32_t* const top = reinterpret_cast<const int32_t*>(plane);
    const int32_t* const bottom = reinterpret_cast<const int32_t*>(plane + width);
#if REFRAST_LANES_TARGET == 0
    for (int q = 0; q < kSpanQuads; ++q) {
        std::memcpy(slots + 4 * q, top + 2 * q, 8);
        std::memcpy(slots + 4 * q + 2, bottom + 2 * q, 8);
    }
#else
    for (int k = 0; k < kSpanPixels; k += 2 * kWidth) {  // k / 2: the rows' pixels
        I32 first, second;
        rowsToQuads(loadI(top + k / 2), loadI(bottom + k / 2), first, second);
        store(slots + k, first);
        store(slots + k + kWidth, second);
    }
#endif
}
inline void storeQuadRow(uint32_t* plane, size_t width, const int32_t slots[kSpanPixels]) {
    int32_t* const top = reinterpret_cast<int32_t*>(plane);
    int32_t* const bottom = reinterpret_cast<int32_t*>(plane + width);
#if REFRAST_LANES_TARGET == 0
    for (int q = 0; q < kSpanQuads; ++q) {
        std::memcpy(top + 2 * q, slots + 4 * q, 8);
        std::memcpy(bottom + 2 * q, slots + 4 * q + 2, 8);
    }
#else
    for (int k = 0; k < kSpanPixels; k += 2 * kWidth) {
        I32 upper, lower;
        quadsToRows(loadI(slots + k), loadI(slots + k + kWidth), upper, lower);
        store(top + k / 2, upper);
        store(bottom + k / 2, lower);
    }
#endif
}

}  // namespace

}  // namespace refrast::REFRAST_LANES_NS
