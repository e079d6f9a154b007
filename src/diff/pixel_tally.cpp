// SPDX-License-Identifier: MIT
// Per-pixel classification and exact integer reduction of two images' deltas.
#include "src/diff/pixel_tally.h"

#include "src/diff/position_deviation.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>

namespace refrast::diff {

namespace {

// Pixels handled per chunk: 16 KiB of deltas stay in L1, and 16-lane uint32
// accumulators cannot overflow (1024 values of at most 255^2 per lane).
constexpr int kChunkPixels = 4096;
constexpr int kLanes = 16;

struct Chunk {
    const Image& a;
    const Image& b;
    const DiffOptions& options;
    int x0, y, count;
};

// |a - b| per byte; max - min keeps it unsigned and auto-vectorises (pmaxub, pminub, psubb).
void absDelta(const uint8_t* pa, const uint8_t* pb, uint8_t* delta, int bytes) {
    for (int i = 0; i < bytes; ++i) delta[i] = uint8_t(std::max(pa[i], pb[i]) - std::min(pa[i], pb[i]));
}

void clearAlpha(uint8_t* delta, int pixels) {
    for (int p = 0; p < pixels; ++p) delta[p * 4 + 3] = 0;
}

// Zeroes the deltas of masked pixels, records which are kept; returns the kept count.
int applyMask(const Chunk& c, uint8_t* delta, uint8_t* keep) {
    const uint8_t* m = c.options.mask->pixel(c.x0, c.y);
    int kept = 0;
    for (int p = 0; p < c.count; ++p) {
        keep[p] = maskKeeps(m + p * 4);
        kept += keep[p];
        if (!keep[p]) std::fill_n(delta + p * 4, 4, uint8_t(0));
    }
    return kept;
}

uint8_t maxByte(const uint8_t* delta, int bytes) {
    uint8_t m = 0;
    for (int i = 0; i < bytes; ++i) m = std::max(m, delta[i]);
    return m;
}

// Sums, squares and maxima in 16 byte lanes (4 pixels), folded per channel.
void accumulate(const uint8_t* delta, int bytes, DiffTally& t) {
    uint32_t sum[kLanes] = {}, sq[kLanes] = {};
    uint8_t mx[kLanes] = {};
    const int full = bytes / kLanes * kLanes;
    for (int i = 0; i < full; i += kLanes)
        for (int j = 0; j < kLanes; ++j) {
            const uint32_t d = delta[i + j];
            sum[j] += d;
            sq[j] += d * d;
            mx[j] = std::max(mx[j], delta[i + j]);
        }
    for (int i = full; i < bytes; ++i) {
        const uint32_t d = delta[i];
        sum[i % kLanes] += d;
        sq[i % kLanes] += d * d;
        mx[i % kLanes] = std::max(mx[i % kLanes], delta[i]);
    }
    for (int j = 0; j < kLanes; ++j) {
        t.sumAbs[j % 4] += sum[j];
        t.sumSq[j % 4] += sq[j];
        t.maxDelta[j % 4] = std::max<int>(t.maxDelta[j % 4], mx[j]);
    }
}

PixelClass classify(const Chunk& c, uint8_t* d, DiffTally& t, int x) {
    const int m = std::max(std::max(d[0], d[1]), std::max(d[2], d[3]));
    if (m == 0) return PixelClass::Equal;
    if (m <= c.options.tolerance) return PixelClass::WithinTolerance;
    const int k = c.options.positionDeviation;
    if (k > 0 && excusedByPositionDeviation(c.a, c.b, x, c.y, k, c.options.tolerance, c.options.ignoreAlpha ? 3 : 4)) {
        std::fill_n(d, 4, uint8_t(0));  // an excused pixel counts as matching
        ++t.excused;
        return PixelClass::Excused;
    }
    ++t.differing;
    t.minX = std::min(t.minX, x), t.maxX = std::max(t.maxX, x);
    t.minY = std::min(t.minY, c.y), t.maxY = std::max(t.maxY, c.y);
    return PixelClass::Differing;
}

void classifyChunk(const Chunk& c, uint8_t* delta, const uint8_t* keep, DiffTally& t, PixelClass* classes) {
    for (int p = 0; p < c.count; ++p) {
        const PixelClass k = keep && !keep[p] ? PixelClass::Masked : classify(c, delta + p * 4, t, c.x0 + p);
        if (classes) classes[p] = k;
    }
}

void tallyChunk(const Chunk& c, DiffTally& t, PixelClass* classes) {
    uint8_t delta[kChunkPixels * 4];
    uint8_t keep[kChunkPixels];
    const int bytes = c.count * 4;
    absDelta(c.a.pixel(c.x0, c.y), c.b.pixel(c.x0, c.y), delta, bytes);
    if (c.options.ignoreAlpha) clearAlpha(delta, c.count);
    t.compared += c.options.mask ? applyMask(c, delta, keep) : c.count;
    // Most chunks of a near-identical pair have nothing over the tolerance.
    if (classes || maxByte(delta, bytes) > c.options.tolerance)
        classifyChunk(c, delta, c.options.mask ? keep : nullptr, t, classes);
    accumulate(delta, bytes, t);
}

void tallyRow(const Image& a, const Image& b, const DiffOptions& o, PixelRect rect, int y, DiffTally& t,
              PixelClass* classes) {
    for (int x0 = rect.left; x0 < rect.right; x0 += kChunkPixels) {
        const Chunk c{a, b, o, x0, y, std::min(kChunkPixels, rect.right - x0)};
        tallyChunk(c, t, classes ? classes + size_t(y) * size_t(a.width) + size_t(x0) : nullptr);
    }
}

}  // namespace

void DiffTally::merge(const DiffTally& o) {
    compared += o.compared, differing += o.differing, excused += o.excused;
    for (int c = 0; c < 4; ++c) {
        maxDelta[c] = std::max(maxDelta[c], o.maxDelta[c]);
        sumAbs[c] += o.sumAbs[c];
        sumSq[c] += o.sumSq[c];
    }
    minX = std::min(minX, o.minX), minY = std::min(minY, o.minY);
    maxX = std::max(maxX, o.maxX), maxY = std::max(maxY, o.maxY);
}

DiffTally tallyRect(const Image& a, const Image& b, const DiffOptions& options, PixelRect rect,
                    PixelClass* classes) {
    return tbb::parallel_reduce(
        tbb::blocked_range<int>(rect.top, rect.bottom, 8), DiffTally{},
        [&](const tbb::blocked_range<int>& rows, DiffTally t) {
            for (int y = rows.begin(); y < rows.end(); ++y) tallyRow(a, b, options, rect, y, t, classes);
            return t;
        },
        [](DiffTally l, const DiffTally& r) {
            l.merge(r);
            return l;
        });
}

DiffTally tallyIdentical(const DiffOptions& options, PixelRect rect, int width, PixelClass* classes) {
    DiffTally t;
    if (!options.mask && !classes) {
        t.compared = int64_t(rect.width()) * rect.height();
        return t;
    }
    for (int y = rect.top; y < rect.bottom; ++y)
        for (int x = rect.left; x < rect.right; ++x) {
            const bool kept = !options.mask || maskKeeps(options.mask->pixel(x, y));
            t.compared += kept;
            if (classes) classes[size_t(y) * size_t(width) + size_t(x)] = kept ? PixelClass::Equal : PixelClass::Masked;
        }
    return t;
}

}  // namespace refrast::diff
