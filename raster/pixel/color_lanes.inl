// SPDX-License-Identifier: MIT
// Colours over lanes: `Color` holds the r, g, b, a of kWidth pixels (at
// width 1 it is one pixel's Rgba), and saturate lane by lane as rgba.h's.
// Included by the pixel kernels after REFRAST_LANES_TARGET is set
// (raster/lanes/lanes.h); compiled once per SIMD level.
#pragma once

#include "raster/lanes/lanes.h"
#include "raster/pixel/rgba.h"

namespace refrast::REFRAST_LANES_NS {

struct Color {
    F r, g, b, a;
};

inline Color splatColor(const Rgba& c) { return {splat(c.r), splat(c.g), splat(c.b), splat(c.a)}; }
inline Color splatColor(float x) { return {splat(x), splat(x), splat(x), splat(x)}; }

// sat(x) = clamp(x, 0, 1); NaN maps to 0 (rgba.h: x > 0 ? (x < 1 ? x : 1) : 0).
inline F saturate(F x) { return select(x > splat(0.0f), select(x < splat(1.0f), x, splat(1.0f)), splat(0.0f)); }
inline Color saturate(const Color& c) { return {saturate(c.r), saturate(c.g), saturate(c.b), saturate(c.a)}; }

// Pixels [k, k + kWidth) of four channel arrays, and back.
inline Color loadColor(const float* r, const float* g, const float* b, const float* a, int k) {
    return {load(r + k), load(g + k), load(b + k), load(a + k)};
}
inline void storeColor(float* r, float* g, float* b, float* a, int k, const Color& c) {
    store(r + k, c.r);
    store(g + k, c.g);
    store(b + k, c.b);
    store(a + k, c.a);
}

// fn(Rgba) -> Rgba applied to each lane's colour in turn: the scalar fallback
// of a rarely used stage, which so keeps its one scalar formula.
template <class Fn>
inline Color eachPixel(const Color& c, Fn fn) {
    alignas(64) float r[kWidth], g[kWidth], b[kWidth], a[kWidth];
    storeColor(r, g, b, a, 0, c);
    for (int k = 0; k < kWidth; ++k) {
        const Rgba out = fn(Rgba{r[k], g[k], b[k], a[k]}, k);
        r[k] = out.r;
        g[k] = out.g;
        b[k] = out.b;
        a[k] = out.a;
    }
    return loadColor(r, g, b, a, 0);
}

// At width 1 a Color is an Rgba.
inline Rgba toRgba(const Color& c) {
    alignas(64) float r[kWidth], g[kWidth], b[kWidth], a[kWidth];
    storeColor(r, g, b, a, 0, c);
    return {r[0], g[0], b[0], a[0]};
}

}  // namespace refrast::REFRAST_LANES_NS
