// SPDX-License-Identifier: MIT
#include "raster/primitive/point_setup.h"

#include "raster/primitive/outline_setup.h"
#include "raster/rasterize/fixed_point.h"
#include "raster/vertex/vertex_stage.h"

#include <algorithm>
#include <cmath>

namespace refrast {

namespace {

// ceil(num / den) for den > 0, exact.
int64_t ceilDiv(int64_t num, int64_t den) { return -floorDiv(-num, den); }

}  // namespace

float pointSize(const Draw& draw, size_t vertex, float viewportHeight) {
    const PointState& p = draw.state.point;
    float size = p.size;
    if (p.scaleEnable && !draw.vertices.pretransformed) {
        // posView = posObject · World · View, row vector (one fixed order, in double).
        const Vec4& o = draw.vertices.position[vertex];
        const Mat4& w = draw.transform.world;
        const Mat4& v = draw.transform.view;
        double world[4], view[3];
        for (int c = 0; c < 4; ++c)
            world[c] = ((double(o[0]) * w(0, c) + double(o[1]) * w(1, c)) + double(o[2]) * w(2, c)) + double(o[3]) * w(3, c);
        for (int c = 0; c < 3; ++c)
            view[c] = ((world[0] * v(0, c) + world[1] * v(1, c)) + world[2] * v(2, c)) + world[3] * v(3, c);
        const double de = std::sqrt((view[0] * view[0] + view[1] * view[1]) + view[2] * view[2]);
        const double den = (double(p.scaleA) + double(p.scaleB) * de) + double(p.scaleC) * de * de;
        // A non-positive denominator is an unbounded size: the clamp below makes it POINTSIZE_MAX.
        size = den > 0.0 ? float(double(viewportHeight) * double(p.size) * std::sqrt(1.0 / den)) : p.sizeMax;
    }
    return std::min(std::max(size, p.sizeMin), p.sizeMax);
}

bool pointInView(const float* record, const Viewport& vp) {
    const float x = record[kRecordWindow + 0], y = record[kRecordWindow + 1];
    return x >= float(vp.x) && x <= float(vp.x + vp.width) && y >= float(vp.y) && y <= float(vp.y + vp.height);
}

void appendSizedPoint(const SetupInput& in, const float* v, float size, bool sprite, std::vector<SetupTriangle>& out) {
    if (size == 1.0f && !sprite) {
        SetupInput one = in;
        one.v[0] = v;
        appendPoint(one, 0, true, out);
        return;
    }
    const float shift = in.pixelCenter == PixelCenter::Half ? 0.5f : 0.0f;  // as snapTriangle
    const float half = size * 0.5f;
    const float cx = v[kRecordWindow + 0] - shift, cy = v[kRecordWindow + 1] - shift;
    SetupTriangle t{};
    t.shape = PrimitiveShape::Square;
    t.v[0] = t.v[1] = t.v[2] = v;
    t.x[0] = snapToSubpixel(cx - half);
    t.x[1] = snapToSubpixel(cx + half);
    t.y[0] = snapToSubpixel(cy - half);
    t.y[1] = snapToSubpixel(cy + half);
    t.drawIndex = in.drawIndex;
    t.frontFacing = true;  // points have no winding: the front (clockwise) stencil set applies
    // Pixels whose sample point s = 256·i lies in [x0, x1) (the top-left rule
    // of triangles: the left and top edges are in, the right and bottom out).
    const int64_t minX = std::max<int64_t>(ceilDiv(t.x[0], kSubpixelOne), in.bounds.x0);
    const int64_t maxX = std::min<int64_t>(ceilDiv(t.x[1], kSubpixelOne) - 1, in.bounds.x1 - 1);
    const int64_t minY = std::max<int64_t>(ceilDiv(t.y[0], kSubpixelOne), in.bounds.y0);
    const int64_t maxY = std::min<int64_t>(ceilDiv(t.y[1], kSubpixelOne) - 1, in.bounds.y1 - 1);
    if (minX > maxX || minY > maxY) return;
    t.minX = int16_t(minX);
    t.maxX = int16_t(maxX);
    t.minY = int16_t(minY);
    t.maxY = int16_t(maxY);
    out.push_back(t);
}

}  // namespace refrast
