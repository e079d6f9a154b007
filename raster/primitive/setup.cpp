// SPDX-License-Identifier: MIT
#include "raster/primitive/setup.h"

#include "raster/primitive/winding.h"
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

bool setupTriangle(const SetupInput& in, SetupTriangle& t) {
    const SnappedTriangle s = in.snapped[0] ? snappedTriangle(in.snapped) : snapTriangle(in.v, in.pixelCenter);
    const int64_t det = s.det;
    if (det == 0) return false;
    const bool clockwise = isClockwise(s, in.flipWinding);
    if (isCulled(in.cull, clockwise)) return false;
    for (int i = 0; i < 3; ++i) {
        t.v[i] = in.v[i];
        t.x[i] = s.x[i];
        t.y[i] = s.y[i];
    }
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
    if (minX > maxX || minY > maxY) return false;
    t.minX = int16_t(minX);
    t.minY = int16_t(minY);
    t.maxX = int16_t(maxX);
    t.maxY = int16_t(maxY);
    t.shape = PrimitiveShape::Triangle;
    return true;
}

}  // namespace refrast
