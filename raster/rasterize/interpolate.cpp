// SPDX-License-Identifier: MIT
#include "raster/rasterize/interpolate.h"

namespace refrast {

void interpolateQuad(const SetupTriangle& t, const int64_t edge[3][4], int varyingCount, bool flatShade,
                     QuadFragments& q) {
    const float* v0 = t.v[0];
    const float* v1 = t.v[1];
    const float* v2 = t.v[2];
    const float invW0 = v0[kRecordWindow + 3], invW1 = v1[kRecordWindow + 3], invW2 = v2[kRecordWindow + 3];
    const float z0 = v0[kRecordWindow + 2];
    const float dz1 = v1[kRecordWindow + 2] - z0, dz2 = v2[kRecordWindow + 2] - z0;
    const float* a0 = v0 + kRecordVaryings;
    const float* a1 = v1 + kRecordVaryings;
    const float* a2 = v2 + kRecordVaryings;
    for (int k = 0; k < 4; ++k) {
        // Screen-space barycentrics, then depth relative to vertex 0 so a
        // constant-depth triangle interpolates its depth exactly.
        const float b0 = float(edge[0][k]) * t.invArea;
        const float b1 = float(edge[1][k]) * t.invArea;
        const float b2 = float(edge[2][k]) * t.invArea;
        q.z[k] = z0 + b1 * dz1 + b2 * dz2;
        // Perspective-correct barycentrics p_i = (b_i / w_i) / Σ (b_j / w_j).
        const float q0 = b0 * invW0, q1 = b1 * invW1, q2 = b2 * invW2;
        const float sum = q0 + q1 + q2;
        const float p1 = q1 / sum, p2 = q2 / sum;
        float* out = q.varying[k];
        for (int i = 0; i < varyingCount; ++i) out[i] = a0[i] + p1 * (a1[i] - a0[i]) + p2 * (a2[i] - a0[i]);
        if (flatShade)  // D3DSHADE_FLAT: diffuse and specular rgb of the provoking vertex; specular
                        // alpha (a fog factor) and the rest stay interpolated (reference §2)
            for (int i = VaryingLayout::kDiffuse; i < VaryingLayout::kSpecular + 3; ++i) out[i] = a0[i];
    }
}

}  // namespace refrast
