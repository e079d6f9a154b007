// SPDX-License-Identifier: MIT
// Attribute interpolation for the pixels of a span of 2x2 quads.
// Spec: fixed-function reference §2: depth is linear in screen space; every
// other varying is perspective-correct, a = (Σ λi ai/wi) / (Σ λi/wi); flat
// shading takes diffuse and specular from the provoking vertex.
#pragma once

#include "raster/lanes/span.h"
#include "raster/primitive/setup.h"
#include "raster/vertex/vertex_stage.h"

#include <cstdint>

namespace refrast {

// The quads of one span (raster/lanes/span.h): pixel k of quad q is span
// pixel p = 4q + k, at (x[q] + (k & 1), y + (k >> 1)); all of a span's quads
// lie in one quad row. Only the pixels of the mask given to
// interpolateVaryings hold values: the covered ones, plus the uncovered
// helpers when the draw samples textures (derivatives).
struct QuadSpan {
    int quads = 0;  // quads [0, quads) are the span's
    // Quad q's pixel 0 is (x[q], y[q]): a span gathers a triangle's covered
    // quads row by row, left to right, across its quad rows (a small
    // triangle's two or three rows are one span, not one each). Twice the
    // span's quads: a run of whole quads writes kSpanQuads entries from the
    // span's next quad, however many it adds (rasterizeTriangle).
    int x[2 * kSpanQuads] = {};
    int y[2 * kSpanQuads] = {};
    uint8_t coverage[2 * kSpanQuads] = {};  // bit k: pixel k of quad q is inside the triangle and the draw's bounds
    alignas(64) float z[kSpanPixels];   // window depth
    // Screen-space barycentrics b_k = E_k / (2 area) of every span pixel
    // (interpolateDepth writes them; the varyings reuse them).
    alignas(64) float bary[3][kSpanPixels];
    // Varying i of span pixel p, as the lanes see it (interpolateVaryings
    // writes these; planes padded to the widest lane count).
    alignas(64) float plane[kMaxVaryings][kSpanPixels];
    // The same per pixel, for the stage sampling: varyingsPerPixel fills it
    // from the planes; lines and points write it and varyingPlanes fills the planes.
    float varying[kSpanPixels][kMaxVaryings];

    int pixels() const { return 4 * quads; }
    int pixelX(int p) const { return x[p >> 2] + (p & 1); }
    int pixelY(int p) const { return y[p >> 2] + (p >> 1 & 1); }
    // Quad q's pixel 0 in planes `width` wide.
    size_t quadIndex(int q, size_t width) const { return size_t(y[q]) * width + size_t(x[q]); }
    SpanMask covered() const {
        SpanMask m = 0;
        for (int q = 0; q < quads; ++q) m = SpanMask(m | spanBits(coverage[q], q));
        return m;
    }
};

// `pixels` and pixels 0, 1 and 2 of each quad with a pixel in it: the
// pixels whose varyings give the quad's derivatives.
inline SpanMask withDerivativePixels(const QuadSpan& span, SpanMask pixels) {
    SpanMask m = pixels;
    for (int q = 0; q < span.quads; ++q)
        if (quadBits(pixels, q)) m = SpanMask(m | spanBits(0x7, q));
    return m;
}

// Edge values E_j of a span's pixels: E_j at pixel 0 of quad q, and the
// edge's exact integer steps in x and y, so pixel k of quad q has
// quad[j][q] + (k & 1) a[j] + (k >> 1) b[j]. Padded as QuadSpan::x is.
struct SpanEdges {
    int64_t quad[3][2 * kSpanQuads];
    int64_t a[3], b[3];
};

// plane -> varying (varyings [first, count) of the pixels of `pixels`) and
// varying -> plane (varyings [0, count) of every pixel of the span).
void varyingsPerPixel(QuadSpan& s, int first, int count, SpanMask pixels);
void varyingPlanes(QuadSpan& s, int count);

// One triangle's interpolation constants, made once per triangle and tile:
// the vertex-0 value a0 and the differences a1 - a0, a2 - a0 of every
// interpolated varying (the same single subtractions the per-pixel formula
// makes), and the provoking colours of FLAT shading.
struct TriangleInterpolant {
    float invW[3], z0, dz1, dz2;
    float zOffset = 0.0f;  // depth bias (raster/output/depth_bias.h), added after interpolation
    int first = 0, count = 0;  // varyings [first, count) are interpolated
    const float* flatColor = nullptr;  // FLAT: varyings [0, first) copied from here (the provoking vertex)
    float a0[kMaxVaryings], d1[kMaxVaryings], d2[kMaxVaryings];

    TriangleInterpolant(const SetupTriangle& t, const VaryingLayout& layout, bool flatShade);
};

// Fills the screen-space barycentrics s.bary[k] = E_k / (2 * area)
// (docs/fixed-function.md §3, R-4) and z of every pixel of the span, covered
// or not (the caller's coverage mask decides which are read): z is linear in
// screen space, relative to vertex 0 so a constant-depth triangle
// interpolates its depth exactly. `zOnly`: s.bary[0], which z does not
// read, is left as it was (a depth-only pass: no varying follows).
void interpolateDepth(const TriangleInterpolant& ti, float invArea, const SpanEdges& edge, QuadSpan& s,
                      bool zOnly = false);

// Fills the varying planes of the pixels in `pixels` from the barycentrics
// interpolateDepth left in s.bary, perspective-correct, through the
// lane kernel at the process's SIMD level (lanes past the mask may be filled
// too and are ignored).
void interpolateVaryings(const TriangleInterpolant& ti, SpanMask pixels, QuadSpan& s);

}  // namespace refrast
