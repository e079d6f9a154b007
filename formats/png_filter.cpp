// SPDX-License-Identifier: MIT
// PNG filter types (ISO/IEC 15948 §9.2). x = the byte being filtered, a = the
// byte one pixel to the left, b = the byte above, c = above-left (0 outside
// the image): None x, Sub x - a, Up x - b, Average x - floor((a + b) / 2),
// Paeth x - PaethPredictor(a, b, c), all modulo 256.
#include "formats/png_filter.h"

#include <cstdlib>
#include <cstring>

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

// The filtered byte for filter F at byte i of an RGBA8 row.
template <int F>
inline uint8_t filtered(const uint8_t* row, const uint8_t* above, size_t i) {
    const int x = row[i], a = i >= 4 ? row[i - 4] : 0;
    const int b = above ? above[i] : 0, c = above && i >= 4 ? above[i - 4] : 0;
    if constexpr (F == 0) return uint8_t(x);
    if constexpr (F == 1) return uint8_t(x - a);
    if constexpr (F == 2) return uint8_t(x - b);
    if constexpr (F == 3) return uint8_t(x - ((a + b) >> 1));
    return uint8_t(x - paeth(a, b, c));
}

template <int F>
unsigned long costOf(const uint8_t* row, const uint8_t* above, size_t n) {
    unsigned long sum = 0;
    for (size_t i = 0; i < n; ++i) sum += unsigned(std::abs(int(int8_t(filtered<F>(row, above, i)))));
    return sum;
}

template <int F>
void apply(const uint8_t* row, const uint8_t* above, size_t n, uint8_t* out) {
    out[0] = F;
    for (size_t i = 0; i < n; ++i) out[1 + i] = filtered<F>(row, above, i);
}

}  // namespace

void filterRowRgba(const uint8_t* row, const uint8_t* above, uint32_t width, uint8_t* out) {
    const size_t n = size_t(width) * 4;
    const unsigned long cost[5] = {costOf<0>(row, above, n), costOf<1>(row, above, n), costOf<2>(row, above, n),
                                   costOf<3>(row, above, n), costOf<4>(row, above, n)};
    int best = 0;
    for (int f = 1; f < 5; ++f)
        if (cost[f] < cost[best]) best = f;
    switch (best) {
        case 0: apply<0>(row, above, n, out); break;
        case 1: apply<1>(row, above, n, out); break;
        case 2: apply<2>(row, above, n, out); break;
        case 3: apply<3>(row, above, n, out); break;
        default: apply<4>(row, above, n, out); break;
    }
}

}  // namespace refrast
