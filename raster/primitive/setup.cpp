// SPDX-License-Identifier: MIT
#include "raster/primitive/setup.h"

#include "raster/rasterize/fixed_point.h"
#include "raster/vertex/vertex_stage.h"

#include <algorithm>
#include <utility>

namespace refrast {

namespace {

// Smallest/largest pixel index whose sample (i * 256) lies in [lo, hi].
int firstSampleAtOrAbove(int32_t lo) { return -int((-int64_t(lo)) >> kSubpixelBits); }  // ceil(lo / 256)
int lastSampleAtOrBelow(int32_t hi) { return int(int64_t(hi) >> kSubpixelBits); }      // floor(hi / 256)

}  // namespace

std::optional<SetupTriangle> setupTriangle(const SetupInput& in) {
    SetupTriangle t;
    // D3D10 centres sample (i + 0.5, j + 0.5): shifting the triangle by -0.5
    // puts every sample on an integer position (docs/fixed-function.md §2.1).
    const float shift = in.pixelCenter == PixelCenter::Half ? 0.5f : 0.0f;
    for (int i = 0; i < 3; ++i) {
        t.v[i] = in.v[i];
        t.x[i] = snapToSubpixel(in.v[i][kRecordWindow + 0] - shift);
        t.y[i] = snapToSubpixel(in.v[i][kRecordWindow + 1] - shift);
    }
    const int64_t det = int64_t(t.x[1] - t.x[0]) * (t.y[2] - t.y[0]) - int64_t(t.x[2] - t.x[0]) * (t.y[1] - t.y[0]);
    if (det == 0) return std::nullopt;
    const bool clockwise = (det > 0) != in.flipWinding;
    if ((in.cull == CullMode::CCW && !clockwise) || (in.cull == CullMode::CW && clockwise)) return std::nullopt;
    if (det < 0) {  // rasterize with positive orientation; v[0] stays the provoking vertex
        std::swap(t.v[1], t.v[2]);
        std::swap(t.x[1], t.x[2]);
        std::swap(t.y[1], t.y[2]);
    }
    const int64_t area = det < 0 ? -det : det;
    t.invArea = float(1.0 / double(area));
    t.drawIndex = in.drawIndex;
    t.frontFacing = clockwise;
    const int minX = std::max(in.bounds.x0, firstSampleAtOrAbove(std::min({t.x[0], t.x[1], t.x[2]})));
    const int minY = std::max(in.bounds.y0, firstSampleAtOrAbove(std::min({t.y[0], t.y[1], t.y[2]})));
    const int maxX = std::min(in.bounds.x1 - 1, lastSampleAtOrBelow(std::max({t.x[0], t.x[1], t.x[2]})));
    const int maxY = std::min(in.bounds.y1 - 1, lastSampleAtOrBelow(std::max({t.y[0], t.y[1], t.y[2]})));
    if (minX > maxX || minY > maxY) return std::nullopt;
    t.minX = int16_t(minX);
    t.minY = int16_t(minY);
    t.maxX = int16_t(maxX);
    t.maxY = int16_t(maxY);
    return t;
}

}  // namespace refrast
