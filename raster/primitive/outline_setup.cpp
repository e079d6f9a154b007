// SPDX-License-Identifier: MIT
#include "raster/primitive/outline_setup.h"

#include "raster/primitive/winding.h"

#include <algorithm>

namespace refrast {

namespace {

// Pixel bounds of a point or line (R-16: a position belongs to the pixel whose
// sample area [s - 128, s + 128) holds it); false when outside `bounds`.
bool boundShape(SetupTriangle& t, const PixelBounds& bounds) {
    const int n = t.shape == PrimitiveShape::Line ? 2 : 1;
    int minX = pixelOfFixed(t.x[0]), maxX = minX, minY = pixelOfFixed(t.y[0]), maxY = minY;
    for (int i = 1; i < n; ++i) {
        minX = std::min(minX, pixelOfFixed(t.x[i]));
        maxX = std::max(maxX, pixelOfFixed(t.x[i]));
        minY = std::min(minY, pixelOfFixed(t.y[i]));
        maxY = std::max(maxY, pixelOfFixed(t.y[i]));
    }
    minX = std::max(minX, bounds.x0);
    minY = std::max(minY, bounds.y0);
    maxX = std::min(maxX, bounds.x1 - 1);
    maxY = std::min(maxY, bounds.y1 - 1);
    if (minX > maxX || minY > maxY) return false;
    t.minX = int16_t(minX);
    t.minY = int16_t(minY);
    t.maxX = int16_t(maxX);
    t.maxY = int16_t(maxY);
    return true;
}

}  // namespace

bool outlineDrawn(const SetupInput& in, bool& clockwise) {
    const SnappedTriangle s = snapTriangle(in.v, in.pixelCenter);
    clockwise = isClockwise(s, in.flipWinding);
    return s.det != 0 && !isCulled(in.cull, clockwise);
}

namespace {

void appendShape(const SetupInput& in, PrimitiveShape shape, const float* a, const float* b, bool clockwise,
                 std::vector<SetupTriangle>& out) {
    const float shift = in.pixelCenter == PixelCenter::Half ? 0.5f : 0.0f;  // as snapTriangle
    SetupTriangle t{};
    t.shape = shape;
    t.v[0] = a;
    t.v[1] = b;
    t.v[2] = in.v[0];  // the provoking vertex, for FLAT shading
    const float* ends[2] = {a, b};
    for (int i = 0; i < 2; ++i) {
        t.x[i] = snapToSubpixel(ends[i][kRecordWindow + 0] - shift);
        t.y[i] = snapToSubpixel(ends[i][kRecordWindow + 1] - shift);
    }
    t.drawIndex = in.drawIndex;
    t.frontFacing = clockwise;
    if (boundShape(t, in.bounds)) out.push_back(t);
}

}  // namespace

void appendPoint(const SetupInput& in, int i, bool clockwise, std::vector<SetupTriangle>& out) {
    appendShape(in, PrimitiveShape::Point, in.v[i], in.v[i], clockwise, out);
}

void appendLine(const SetupInput& in, const float* a, const float* b, bool clockwise, std::vector<SetupTriangle>& out) {
    appendShape(in, PrimitiveShape::Line, a, b, clockwise, out);
}

void setupOutline(const SetupInput& in, FillMode mode, std::vector<SetupTriangle>& out) {
    bool clockwise = false;
    if (!outlineDrawn(in, clockwise)) return;
    for (int i = 0; i < 3; ++i) {
        if (mode == FillMode::Point) appendPoint(in, i, clockwise, out);
        else appendLine(in, in.v[i], in.v[(i + 1) % 3], clockwise, out);  // edges in submitted order
    }
}

}  // namespace refrast
