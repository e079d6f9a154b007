// SPDX-License-Identifier: MIT
#include "raster/output/depth_bias.h"

#include "raster/vertex/vertex_stage.h"

#include <algorithm>
#include <cmath>

namespace refrast {

float maxDepthSlope(const SetupTriangle& t) {
    // The plane z(x, y) through the three vertices; positions are in 1/256 px,
    // so the per-unit gradient times 256 is per pixel.
    const double x1 = double(t.x[1] - t.x[0]), y1 = double(t.y[1] - t.y[0]);
    const double x2 = double(t.x[2] - t.x[0]), y2 = double(t.y[2] - t.y[0]);
    const double z0 = t.v[0][kRecordWindow + 2];
    const double z1 = double(t.v[1][kRecordWindow + 2]) - z0, z2 = double(t.v[2][kRecordWindow + 2]) - z0;
    const double det = x1 * y2 - x2 * y1;
    if (det == 0.0) return 0.0f;
    const double dzdx = (z1 * y2 - z2 * y1) / det * 256.0;
    const double dzdy = (x1 * z2 - x2 * z1) / det * 256.0;
    return float(std::max(std::fabs(dzdx), std::fabs(dzdy)));
}

float triangleDepthOffset(const DepthState& d, const SetupTriangle& t) {
    if (d.slopeScaleDepthBias == 0.0f) return d.depthBias;
    return d.depthBias + d.slopeScaleDepthBias * maxDepthSlope(t);
}

}  // namespace refrast
