// SPDX-License-Identifier: MIT
// Edge functions and the top-left fill rule, in exact 64-bit integers.
// Spec: "Rasterization Rules (Direct3D 9)": a pixel centre on an edge is
// covered only if the edge is a top edge (horizontal, interior below) or a
// left edge; fixed-function reference §1.3.
#pragma once

#include "raster/primitive/setup.h"
#include "raster/rasterize/fixed_point.h"

#include <algorithm>
#include <cstdint>

namespace refrast {

// A run of pixels [lo, hi) of one row.
struct PixelRun {
    int lo, hi;
    bool empty() const { return lo >= hi; }
    // Bit 0 / 1: pixel x / x + 1 lies in the run.
    uint8_t pairBits(int x) const { return uint8_t((x >= lo && x < hi) | (x + 1 >= lo && x + 1 < hi) << 1); }
};

// E(i, j) = a * i + b * j + c at the sample of pixel (i, j), for the edge from
// vertex p to vertex q of a positively oriented triangle:
// E(s) = (q.x - p.x)(s.y - p.y) - (q.y - p.y)(s.x - p.x), > 0 inside.
// `bias` is 0 for top-left edges and -1 otherwise, so the fill rule is
// E + bias >= 0 (an integer E = 0 passes only on a top or left edge).
struct EdgeFunction {
    int64_t a, b, c;
    int64_t bias;

    EdgeFunction(int32_t px, int32_t py, int32_t qx, int32_t qy) {
        const int64_t dx = int64_t(qx) - px, dy = int64_t(qy) - py;
        a = -dy * kSubpixelOne;
        b = dx * kSubpixelOne;
        c = dy * px - dx * py;
        const bool topLeft = dy < 0 || (dy == 0 && dx > 0);  // y down: a left edge goes up
        bias = topLeft ? 0 : -1;
    }

    int64_t at(int i, int j) const { return a * i + b * j + c; }
};

// The three edges, indexed by the vertex opposite them: edge k runs from
// v[(k+1)%3] to v[(k+2)%3], and E_k / (2 * area) is vertex k's barycentric.
struct TriangleEdges {
    EdgeFunction e[3];

    explicit TriangleEdges(const SetupTriangle& t)
        : e{EdgeFunction(t.x[1], t.y[1], t.x[2], t.y[2]), EdgeFunction(t.x[2], t.y[2], t.x[0], t.y[0]),
            EdgeFunction(t.x[0], t.y[0], t.x[1], t.y[1])} {}

    // The pixels i of row j inside all three edges, E_k(i, j) + bias_k >= 0,
    // clipped to [x0, x1): the triangle is convex, so they are one run
    // [lo, hi) (lo >= hi when empty). Each edge is linear in i with the
    // integer slope a, so its bound is an exact integer division of
    // R = b * j + c + bias: a > 0 needs i >= ceil(-R / a) = -floor(R / a),
    // a < 0 needs i <= floor(R / -a), a = 0 needs R >= 0.
    PixelRun coveredRun(int j, int x0, int x1) const {
        int64_t lo = x0, hi = x1;
        for (const EdgeFunction& f : e) {
            const int64_t r = f.b * j + f.c + f.bias;
            if (f.a > 0) lo = std::max(lo, -floorDiv(r, f.a));
            else if (f.a < 0) hi = std::min(hi, floorDiv(r, -f.a) + 1);
            else if (r < 0) hi = x0;  // lo >= x0: empty
        }
        lo = std::min(lo, int64_t(x1));  // within [x0, x1] before narrowing
        return {int(lo), int(std::max(lo, hi))};
    }
};

}  // namespace refrast
