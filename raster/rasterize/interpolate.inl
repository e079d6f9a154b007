// SPDX-License-Identifier: MIT
// Depth and perspective-correct varyings of a span of 2x2 quads over lanes
// (interpolate.h): the span's pixels are the lanes, z = z0 + b1 dz1 + b2 dz2
// in screen space and a_i = a0_i + p1 d1_i + p2 d2_i with
// p_j = (b_j / w_j) / Σ (b_k / w_k) (docs/fixed-function.md §3, R-5).
// Compiled once per SIMD level (shade_span_<level>.cpp); interpolateDepth and
// interpolateVaryings run it.
#pragma once

#include "raster/lanes/lanes.h"
#include "raster/rasterize/interpolate.h"

namespace refrast::REFRAST_LANES_NS {

void interpolateDepth(const TriangleInterpolant& ti, float invArea, const SpanEdges& edge, QuadSpan& s, bool zOnly) {
    // Every pixel of the span, covered or not: a branch per pixel on the
    // mask cost more than the arithmetic it skips (W1 crop, callgrind). An
    // uncovered pixel's z is finite (its edges are integers) and never read.
    // Screen-space barycentrics b_j = E_j / (2 area) per pixel (R-4).
    const int count = 4 * s.quads;
    const F area = splat(invArea);
    for (int j = zOnly ? 1 : 0; j < 3; ++j) {
        // (The steps in locals: read through `edge` they were reloaded and
        // the lanes' step vector rebuilt for every lane group.)
        const int64_t a = edge.a[j], b = edge.b[j];
        const int64_t* const quads = edge.quad[j];
        float* const out = s.bary[j];
        for (int p = 0; p < count; p += kWidth) store(out + p, quadEdgesToFloat(quads, a, b, p) * area);
    }
    // z = z0 + b1 (z1 - z0) + b2 (z2 - z0), then the depth bias when there is one.
    const F z0 = splat(ti.z0), dz1 = splat(ti.dz1), dz2 = splat(ti.dz2), offset = splat(ti.zOffset);
    for (int p = 0; p < count; p += kWidth) {
        const F z = z0 + load(s.bary[1] + p) * dz1 + load(s.bary[2] + p) * dz2;
        store(s.z + p, ti.zOffset != 0.0f ? z + offset : z);  // (a whole lane group stays inside the span's planes)
    }
}

void interpolateVaryings(const TriangleInterpolant& ti, SpanMask pixels, QuadSpan& s) {
    // The barycentrics are interpolateDepth's.
    const int count = 4 * s.quads;  // (no call into interpolate.h: kernel_symbols)
    const float* const b[3] = {s.bary[0], s.bary[1], s.bary[2]};
    const F w0 = splat(ti.invW[0]), w1 = splat(ti.invW[1]), w2 = splat(ti.invW[2]);
    constexpr unsigned kGroup = (1u << kWidth) - 1u;  // the pixels of one lane group
    for (int p = 0; p < count; p += kWidth) {
        if (!(pixels >> p & kGroup)) continue;
        // p_i = (b_i / w_i) / Σ (b_j / w_j).
        const F q0 = load(b[0] + p) * w0, q1 = load(b[1] + p) * w1, q2 = load(b[2] + p) * w2;
        const F sum = q0 + q1 + q2;
        const F p1 = q1 / sum, p2 = q2 / sum;
        for (int i = 0; i < ti.first; ++i) store(s.plane[i] + p, splat(ti.flatColor[i]));
        for (int i = ti.first; i < ti.count; ++i)
            store(s.plane[i] + p, splat(ti.a0[i]) + p1 * splat(ti.d1[i]) + p2 * splat(ti.d2[i]));
    }
}

}  // namespace refrast::REFRAST_LANES_NS
