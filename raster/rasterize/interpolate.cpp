// SPDX-License-Identifier: MIT
#include "raster/rasterize/interpolate.h"

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

void interpolateVaryings(const TriangleInterpolant& ti, float invArea, const int64_t edge[3][4], uint8_t pixels,
                         QuadFragments& q) {
    for (int k = 0; k < 4; ++k) {
        if (!(pixels >> k & 1)) continue;
        const Barycentrics b = barycentricsAt(invArea, edge, k);
        // p_i = (b_i / w_i) / Σ (b_j / w_j).
        const float q0 = b.b0 * ti.invW[0], q1 = b.b1 * ti.invW[1], q2 = b.b2 * ti.invW[2];
        const float sum = q0 + q1 + q2;
        const float p1 = q1 / sum, p2 = q2 / sum;
        float* out = q.varying[k];
        for (int i = 0; i < ti.first; ++i) out[i] = ti.flatColor[i];
        for (int i = ti.first; i < ti.count; ++i) out[i] = ti.a0[i] + p1 * ti.d1[i] + p2 * ti.d2[i];
    }
}

}  // namespace refrast
