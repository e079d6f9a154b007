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

// One declaration per compiled width (shade_span_<level>.cpp includes interpolate.inl).
#define REFRAST_DECLARE_INTERPOLATE(ns) \
    namespace ns {                      \
    void interpolateDepth(const TriangleInterpolant&, float, const SpanEdges&, QuadSpan&, bool); \
    void interpolateVaryings(const TriangleInterpolant&, SpanMask, QuadSpan&); \
    }
REFRAST_DECLARE_INTERPOLATE(lanes_scalar)
REFRAST_DECLARE_INTERPOLATE(lanes_sse)
REFRAST_DECLARE_INTERPOLATE(lanes_avx2)
REFRAST_DECLARE_INTERPOLATE(lanes_avx512)
#undef REFRAST_DECLARE_INTERPOLATE

void interpolateDepth(const TriangleInterpolant& ti, float invArea, const SpanEdges& edge, QuadSpan& s, bool zOnly) {
    switch (spanSimdLevel(s.pixels())) {
        case SimdLevel::Scalar: return lanes_scalar::interpolateDepth(ti, invArea, edge, s, zOnly);
        case SimdLevel::Sse: return lanes_sse::interpolateDepth(ti, invArea, edge, s, zOnly);
        case SimdLevel::Avx2: return lanes_avx2::interpolateDepth(ti, invArea, edge, s, zOnly);
        case SimdLevel::Avx512: return lanes_avx512::interpolateDepth(ti, invArea, edge, s, zOnly);
    }
}

void interpolateVaryings(const TriangleInterpolant& ti, SpanMask pixels, QuadSpan& s) {
    switch (spanSimdLevel(s.pixels())) {
        case SimdLevel::Scalar: return lanes_scalar::interpolateVaryings(ti, pixels, s);
        case SimdLevel::Sse: return lanes_sse::interpolateVaryings(ti, pixels, s);
        case SimdLevel::Avx2: return lanes_avx2::interpolateVaryings(ti, pixels, s);
        case SimdLevel::Avx512: return lanes_avx512::interpolateVaryings(ti, pixels, s);
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
