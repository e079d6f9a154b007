// SPDX-License-Identifier: MIT
#include "raster/rasterize/interpolate.h"

#include "raster/lanes/simd_level.h"

namespace refrast {

TriangleInterpolant::TriangleInterpolant(const SetupTriangle& t, const VaryingLayout& layout, bool flatShade) {
    for (int i = 0; i < 3; ++i) invW[i] = t.v[i][kRecordWindow + 3];
    z0 = t.v[0][kRecordWindow + 2];
    dz1 = t.v[1][kRecordWindow + 2] - z0;
    dz2 = t.v[2][kRecordWindow + 2] - z0;
    const float* v0 = t.v[0] + kRecordVaryings;
    const float* v1 = t.v[1] + kRecordVaryings;
    const float* v2 = t.v[2] + kRecordVaryings;
    // D3DSHADE_FLAT: diffuse and specular rgb of the provoking vertex; specular
    // alpha (a fog factor) and the rest stay interpolated (reference §2).
    first = flatShade ? layout.flatCount : 0;
    flatColor = v0;
    count = layout.count;
    for (int i = first; i < count; ++i) {
        a0[i] = v0[i];
        d1[i] = v1[i] - v0[i];
        d2[i] = v2[i] - v0[i];
    }
}

void interpolateDepth(const TriangleInterpolant& ti, float invArea, const SpanEdges& edge, QuadSpan& s) {
    // Every pixel of the span, covered or not: a branch per pixel on the
    // mask cost more than the arithmetic it skips (W1 crop, callgrind). An
    // uncovered pixel's z is finite (its edges are integers) and never read.
    const int n = s.pixels();
    for (int p = 0; p < n; ++p) {
        const Barycentrics b = barycentricsAt(invArea, edge, p);
        s.z[p] = ti.z0 + b.b1 * ti.dz1 + b.b2 * ti.dz2;
    }
    if (ti.zOffset != 0.0f)
        for (int p = 0; p < n; ++p) s.z[p] += ti.zOffset;
}

// One declaration per compiled width (shade_span_<level>.cpp includes interpolate.inl).
#define REFRAST_DECLARE_INTERPOLATE(ns) \
    namespace ns {                      \
    void interpolateVaryings(const TriangleInterpolant&, float, const SpanEdges&, SpanMask, QuadSpan&); \
    }
REFRAST_DECLARE_INTERPOLATE(lanes_scalar)
REFRAST_DECLARE_INTERPOLATE(lanes_sse)
REFRAST_DECLARE_INTERPOLATE(lanes_avx2)
REFRAST_DECLARE_INTERPOLATE(lanes_avx512)
#undef REFRAST_DECLARE_INTERPOLATE

void interpolateVaryings(const TriangleInterpolant& ti, float invArea, const SpanEdges& edge, SpanMask pixels,
                         QuadSpan& s) {
    switch (spanSimdLevel(s.pixels())) {
        case SimdLevel::Scalar: return lanes_scalar::interpolateVaryings(ti, invArea, edge, pixels, s);
        case SimdLevel::Sse: return lanes_sse::interpolateVaryings(ti, invArea, edge, pixels, s);
        case SimdLevel::Avx2: return lanes_avx2::interpolateVaryings(ti, invArea, edge, pixels, s);
        case SimdLevel::Avx512: return lanes_avx512::interpolateVaryings(ti, invArea, edge, pixels, s);
    }
}

void varyingsPerPixel(QuadSpan& s, int first, int count, SpanMask pixels) {
    for (int p = 0; p < s.pixels(); ++p)
        if (pixels >> p & 1)
            for (int i = first; i < count; ++i) s.varying[p][i] = s.plane[i][p];
}

void varyingPlanes(QuadSpan& s, int count) {
    for (int p = 0; p < s.pixels(); ++p)
        for (int i = 0; i < count; ++i) s.plane[i][p] = s.varying[p][i];
}

}  // namespace refrast
