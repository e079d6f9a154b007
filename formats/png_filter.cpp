// SPDX-License-Identifier: MIT
// PNG filter types (ISO/IEC 15948 §9.2). x = the byte being filtered, a = the
// byte one pixel to the left, b = the byte above, c = above-left (0 outside
// the image): None x, Sub x - a, Up x - b, Average x - floor((a + b) / 2),
// Paeth x - PaethPredictor(a, b, c), all modulo 256.
#include "formats/png_filter.h"

#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <vector>

namespace refrast {

namespace {

// §9.4: the one of a, b, c closest to a + b - c, ties going to a, then b.
inline int paeth(int a, int b, int c) {
    const int pa = std::abs(b - c), pb = std::abs(a - c), pc = std::abs(a + b - 2 * c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

// One row: raw bytes (after the filter byte) to RGBA8. `above` is the
// previous output row (RGBA8) or null.
template <int C, int Filter>
void unfilterRow(const uint8_t* raw, uint8_t* out, const uint8_t* above, uint32_t width) {
    uint8_t left[4] = {0, 0, 0, 0}, upLeft[4] = {0, 0, 0, 0};  // a = c = 0 left of the image
    for (uint32_t x = 0; x < width; ++x) {
        uint8_t px[4];
        std::memcpy(px, raw + size_t(x) * C, C);  // read before the write below may cover these bytes
        uint8_t up[4] = {0, 0, 0, 0};
        if (above) std::memcpy(up, above + size_t(x) * 4, 4);
        for (int k = 0; k < C; ++k) {
            int add = 0;
            if constexpr (Filter == 1) add = left[k];
            if constexpr (Filter == 2) add = up[k];
            if constexpr (Filter == 3) add = (left[k] + up[k]) >> 1;
            if constexpr (Filter == 4) add = paeth(left[k], up[k], upLeft[k]);
            px[k] = uint8_t(px[k] + add);
        }
        if constexpr (C == 3) px[3] = 255;
        std::memcpy(out + size_t(x) * 4, px, 4);
        std::memcpy(left, px, 4);
        std::memcpy(upLeft, up, 4);
    }
}

template <int C>
bool unfilterRowAny(uint8_t filter, const uint8_t* raw, uint8_t* out, const uint8_t* above, uint32_t width) {
    switch (filter) {
        case 0: unfilterRow<C, 0>(raw, out, above, width); return true;
        case 1: unfilterRow<C, 1>(raw, out, above, width); return true;
        case 2: unfilterRow<C, 2>(raw, out, above, width); return true;
        case 3: unfilterRow<C, 3>(raw, out, above, width); return true;
        case 4: unfilterRow<C, 4>(raw, out, above, width); return true;
        default: return false;
    }
}

}  // namespace

long unfilterRows(const uint8_t* raw, uint8_t* rgba, uint32_t width, uint32_t height, int channels) {
    const size_t rawStride = 1 + size_t(width) * size_t(channels), outStride = size_t(width) * 4;
    for (uint32_t y = 0; y < height; ++y) {
        const uint8_t* row = raw + size_t(y) * rawStride;
        uint8_t* out = rgba + size_t(y) * outStride;
        const uint8_t* above = y > 0 ? out - outStride : nullptr;
        const bool ok = channels == 3 ? unfilterRowAny<3>(row[0], row + 1, out, above, width)
                                      : unfilterRowAny<4>(row[0], row + 1, out, above, width);
        if (!ok) return long(y);
    }
    return -1;
}

namespace {

// The five predictions for byte i of an RGBA8 row, given x's neighbours a
// (left), b (above), c (above-left); the filtered byte is x - prediction.
// Written without branches so the compiler runs a row's bytes in vector
// lanes: pa <= pb && pa <= pc picks a, else pb <= pc picks b, else c, as paeth().
struct Predictions {
    uint8_t sub, up, average, paeth;
};
inline Predictions predict(uint8_t a, uint8_t b, uint8_t c) {
    // In 16 bits: |a + b - 2c| <= 510. (Narrow types let the compiler fill 8 or 16 lanes.)
    const int16_t pa = int16_t(std::abs(int16_t(b - c))), pb = int16_t(std::abs(int16_t(a - c)));
    const int16_t pc = int16_t(std::abs(int16_t(int16_t(a + b) - int16_t(2 * c))));
    const uint8_t bOrC = pb <= pc ? b : c;
    return {a, b, uint8_t((a + b) >> 1), ((pa <= pb) & (pa <= pc)) ? a : bOrC};
}

// |filtered byte| read as signed, the heuristic's measure: for d = x - p
// modulo 256 it is min(d, 256 - d) (128 for d = 128).
inline uint8_t magnitude(uint8_t x, uint8_t prediction) {
    const uint8_t d = uint8_t(x - prediction), negated = uint8_t(-d);
    return d < negated ? d : negated;
}

// The sum of magnitudes of each filter's output over bytes [from, n) of a
// row whose left neighbours (i - 4) exist for every such byte. 256 bytes at
// a time in 16-bit sums (at most 256 * 128 = 32768), so the lanes widen once.
// Integer lanes only: compiled three times below, for the baseline, AVX2 and
// AVX-512BW, the wider clones give the same sums in wider vectors.
[[gnu::always_inline]] inline void addCostsIn(const uint8_t* row, const uint8_t* above, size_t from, size_t n,
                                              unsigned long cost[5]) {
    for (size_t block = from; block < n; block += 256) {
        const size_t end = n < block + 256 ? n : block + 256;
        uint16_t c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0;
        for (size_t i = block; i < end; ++i) {
            const uint8_t x = row[i];
            const Predictions p = predict(row[i - 4], above[i], above[i - 4]);
            c0 = uint16_t(c0 + magnitude(x, 0));
            c1 = uint16_t(c1 + magnitude(x, p.sub));
            c2 = uint16_t(c2 + magnitude(x, p.up));
            c3 = uint16_t(c3 + magnitude(x, p.average));
            c4 = uint16_t(c4 + magnitude(x, p.paeth));
        }
        cost[0] += c0, cost[1] += c1, cost[2] += c2, cost[3] += c3, cost[4] += c4;
    }
}
void addCostsBaseline(const uint8_t* row, const uint8_t* above, size_t from, size_t n, unsigned long cost[5]) {
    addCostsIn(row, above, from, n, cost);
}
[[gnu::target("avx2")]] void addCostsAvx2(const uint8_t* row, const uint8_t* above, size_t from, size_t n,
                                          unsigned long cost[5]) {
    addCostsIn(row, above, from, n, cost);
}
[[gnu::target("avx512f,avx512bw")]] void addCostsAvx512(const uint8_t* row, const uint8_t* above, size_t from,
                                                        size_t n, unsigned long cost[5]) {
    addCostsIn(row, above, from, n, cost);
}

bool supported(PngFilterLanes lanes) {
    switch (lanes) {
        case PngFilterLanes::Baseline: return true;
        case PngFilterLanes::Avx2: return __builtin_cpu_supports("avx2");
        case PngFilterLanes::Avx512: return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
    }
    return false;
}

using AddCosts = void (*)(const uint8_t*, const uint8_t*, size_t, size_t, unsigned long*);
AddCosts addCostsFor(PngFilterLanes lanes) {
    switch (lanes) {
        case PngFilterLanes::Avx512: return addCostsAvx512;
        case PngFilterLanes::Avx2: return addCostsAvx2;
        case PngFilterLanes::Baseline: break;
    }
    return addCostsBaseline;
}

// The widest the CPU runs, chosen once (the filter cost was half of a
// 1080p frame's encode in baseline lanes: W2's 23 -> 12 ms at 2 threads).
PngFilterLanes widestLanes() {
    for (PngFilterLanes l : {PngFilterLanes::Avx512, PngFilterLanes::Avx2})
        if (supported(l)) return l;
    return PngFilterLanes::Baseline;
}

template <int F>
inline uint8_t prediction(const Predictions& p) {
    if constexpr (F == 0) return 0;
    if constexpr (F == 1) return p.sub;
    if constexpr (F == 2) return p.up;
    if constexpr (F == 3) return p.average;
    return p.paeth;
}

// Writes filter F's bytes [from, n), left neighbours existing as in addCosts.
template <int F>
void apply(const uint8_t* row, const uint8_t* above, size_t from, size_t n, uint8_t* out) {
    for (size_t i = from; i < n; ++i)
        out[i] = uint8_t(row[i] - prediction<F>(predict(row[i - 4], above[i], above[i - 4])));
}

// The first pixel's bytes: a = c = 0 (left of the image).
template <int F>
void applyFirstPixel(const uint8_t* row, const uint8_t* above, uint8_t* out) {
    for (size_t i = 0; i < 4; ++i) out[i] = uint8_t(row[i] - prediction<F>(predict(0, above[i], 0)));
}

template <int F>
void applyRow(const uint8_t* row, const uint8_t* above, size_t n, uint8_t* out) {
    out[0] = F;
    applyFirstPixel<F>(row, above, out + 1);
    apply<F>(row, above, 4, n, out + 1);
}

}  // namespace

bool pngFilterLanesSupported(PngFilterLanes lanes) { return supported(lanes); }

void filterRowRgba(const uint8_t* row, const uint8_t* above, uint32_t width, uint8_t* out) {
    static const PngFilterLanes widest = widestLanes();
    filterRowRgba(row, above, width, out, widest);
}

void filterRowRgba(const uint8_t* row, const uint8_t* above, uint32_t width, uint8_t* out, PngFilterLanes lanes) {
    const size_t n = size_t(width) * 4;
    if (n == 0) {
        out[0] = 0;
        return;
    }
    // The first row has zeros above it (§9.2): read them from a zero row.
    std::vector<uint8_t> zeros;
    if (!above) {
        zeros.assign(n, 0);
        above = zeros.data();
    }
    unsigned long cost[5] = {0, 0, 0, 0, 0};
    for (size_t i = 0; i < 4; ++i) {
        const uint8_t x = row[i];
        const Predictions p = predict(0, above[i], 0);
        cost[0] += magnitude(x, 0);
        cost[1] += magnitude(x, p.sub);
        cost[2] += magnitude(x, p.up);
        cost[3] += magnitude(x, p.average);
        cost[4] += magnitude(x, p.paeth);
    }
    addCostsFor(lanes)(row, above, 4, n, cost);
    int best = 0;
    for (int f = 1; f < 5; ++f)
        if (cost[f] < cost[best]) best = f;
    switch (best) {
        case 0: applyRow<0>(row, above, n, out); break;
        case 1: applyRow<1>(row, above, n, out); break;
        case 2: applyRow<2>(row, above, n, out); break;
        case 3: applyRow<3>(row, above, n, out); break;
        default: applyRow<4>(row, above, n, out); break;
    }
}

}  // namespace refrast
