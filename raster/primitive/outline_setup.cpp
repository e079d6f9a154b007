// SPDX-License-Identifier: MIT
#include "raster/primitive/outline_setup.h"

#include "raster/primitive/winding.h"

#include <algorithm>

namespace refrast {

namespace {

// Pixel bounds of a point or line (R-16: a position belongs to the pixel whose
// sample area [s - 128, s + 128) holds it); false when outside `bounds`.
bool boundShape(SetupTriangle& t, const PixelRect& bounds) {
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

void setupOutline(const SetupInput& in, FillMode mode, std::vector<SetupTriangle>& out) {
    const SnappedTriangle s = snapTriangle(in.v, in.pixelCenter);
    if (s.det == 0) return;
    const bool clockwise = isClockwise(s, in.flipWinding);
    if (isCulled(in.cull, clockwise)) return;
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3;  // the edge v_i -> v_(i+1), in submitted order
        SetupTriangle t{};
        t.shape = mode == FillMode::Point ? PrimitiveShape::Point : PrimitiveShape::Line;
        t.v[0] = in.v[i];
        t.v[1] = mode == FillMode::Point ? in.v[i] : in.v[j];
        t.v[2] = in.v[0];  // the provoking vertex, for FLAT shading
        t.x[0] = s.x[i];
        t.y[0] = s.y[i];
        t.x[1] = mode == FillMode::Point ? s.x[i] : s.x[j];
        t.y[1] = mode == FillMode::Point ? s.y[i] : s.y[j];
        t.x[2] = s.x[0];
        t.y[2] = s.y[0];
        t.drawIndex = in.drawIndex;
        t.frontFacing = clockwise;
        if (boundShape(t, in.bounds)) out.push_back(t);
    }
}

}  // namespace refrast
