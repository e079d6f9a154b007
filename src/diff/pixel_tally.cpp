// SPDX-License-Identifier: MIT
// Per-pixel classification and exact integer reduction of two images' deltas.
#include "src/diff/pixel_tally.h"

#include "src/diff/position_deviation.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>

namespace refrast::diff {

namespace {

// Pixels handled per chunk: 16 KiB of deltas stay in L1.
constexpr int kChunkPixels = 4096;

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

// Per-channel sums, squares and maxima. Written as four interleaved scalar
// reductions, the form GCC and clang vectorise (SLP reduction over 16-byte
// loads); uint32 cannot overflow within one chunk (4096 * 255^2 < 2^32).
void accumulate(const uint8_t* delta, int pixels, DiffTally& t) {
    uint32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, q0 = 0, q1 = 0, q2 = 0, q3 = 0;
    uint8_t m0 = 0, m1 = 0, m2 = 0, m3 = 0;
    for (int p = 0; p < pixels; ++p) {
        const uint8_t* d = delta + p * 4;
        const uint32_t r = d[0], g = d[1], b = d[2], a = d[3];
        s0 += r, s1 += g, s2 += b, s3 += a;
        q0 += r * r, q1 += g * g, q2 += b * b, q3 += a * a;
        m0 = std::max(m0, d[0]), m1 = std::max(m1, d[1]), m2 = std::max(m2, d[2]), m3 = std::max(m3, d[3]);
    }
    const uint32_t sums[4] = {s0, s1, s2, s3}, squares[4] = {q0, q1, q2, q3};
    const uint8_t maxima[4] = {m0, m1, m2, m3};
    for (int c = 0; c < 4; ++c) {
        t.sumAbs[c] += sums[c];
        t.sumSq[c] += squares[c];
        t.maxDelta[c] = std::max<int>(t.maxDelta[c], maxima[c]);
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

// Without a class map only pixels over the tolerance matter: skip groups of
// four pixels whose 16 deltas are all small (masked pixels have delta 0).
void classifyDiffering(const Chunk& c, uint8_t* delta, DiffTally& t) {
    for (int p0 = 0; p0 < c.count; p0 += 4) {
        const int n = std::min(4, c.count - p0);
        if (maxByte(delta + p0 * 4, n * 4) <= c.options.tolerance) continue;
        for (int p = p0; p < p0 + n; ++p) classify(c, delta + p * 4, t, c.x0 + p);
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
    if (classes)
        classifyChunk(c, delta, c.options.mask ? keep : nullptr, t, classes);
    else if (maxByte(delta, bytes) > c.options.tolerance)
        classifyDiffering(c, delta, t);
    accumulate(delta, c.count, t);
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
