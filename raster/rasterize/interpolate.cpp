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

void interpolateDepth(const TriangleInterpolant& ti, float invArea, const int64_t edge[3][4], uint8_t pixels,
                      QuadFragments& q) {
    for (int k = 0; k < 4; ++k) {
        if (!(pixels >> k & 1)) continue;
        const Barycentrics b = barycentricsAt(invArea, edge, k);
        q.z[k] = ti.z0 + b.b1 * ti.dz1 + b.b2 * ti.dz2;
        if (ti.zOffset != 0.0f) q.z[k] += ti.zOffset;
    }
}

// One declaration per compiled width (shade_span_<level>.cpp includes interpolate.inl).
#define REFRAST_DECLARE_INTERPOLATE(ns) \
    namespace ns {                      \
    void interpolateVaryings(const TriangleInterpolant&, float, const int64_t[3][4], uint8_t, QuadFragments&); \
    }
REFRAST_DECLARE_INTERPOLATE(lanes_scalar)
REFRAST_DECLARE_INTERPOLATE(lanes_sse)
REFRAST_DECLARE_INTERPOLATE(lanes_avx2)
REFRAST_DECLARE_INTERPOLATE(lanes_avx512)
#undef REFRAST_DECLARE_INTERPOLATE

void interpolateVaryings(const TriangleInterpolant& ti, float invArea, const int64_t edge[3][4], uint8_t pixels,
                         QuadFragments& q) {
    switch (simdLevel()) {
        case SimdLevel::Scalar: return lanes_scalar::interpolateVaryings(ti, invArea, edge, pixels, q);
        case SimdLevel::Sse: return lanes_sse::interpolateVaryings(ti, invArea, edge, pixels, q);
        case SimdLevel::Avx2: return lanes_avx2::interpolateVaryings(ti, invArea, edge, pixels, q);
        case SimdLevel::Avx512: return lanes_avx512::interpolateVaryings(ti, invArea, edge, pixels, q);
    }
}

void varyingsPerPixel(QuadFragments& q, int first, int count, uint8_t pixels) {
    for (int k = 0; k < 4; ++k)
        if (pixels >> k & 1)
            for (int i = first; i < count; ++i) q.varying[k][i] = q.plane[i][k];
}

void varyingPlanes(QuadFragments& q, int count) {
    for (int k = 0; k < 4; ++k)
        for (int i = 0; i < count; ++i) q.plane[i][k] = q.varying[k][i];
}

}  // namespace refrast
