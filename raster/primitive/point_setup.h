// SPDX-License-Identifier: MIT
// POINTLIST points: their size (POINTSIZE, POINTSCALE*, POINTSIZE_MIN/MAX)
// and, when larger than one pixel or a point sprite, the screen-aligned
// square they cover. Spec: D3D9 "Point Sprites (Direct3D 9)" and
// D3DRENDERSTATETYPE; docs/fixed-function.md §2.5.
#pragma once

#include "raster/primitive/setup.h"
#include "refrast/scene.h"

#include <vector>

namespace refrast {

// The point's size in pixels: POINTSIZE, or with POINTSCALEENABLE (and an
// untransformed vertex) Vh · POINTSIZE · sqrt(1 / (A + B·De + C·De²)), De the
// camera-space distance of the vertex; clamped to [POINTSIZE_MIN, POINTSIZE_MAX].
float pointSize(const Draw& draw, size_t vertex, float viewportHeight);

// Whether the point's window position lies in the viewport rectangle, edges
// included (the view volume's |x| <= w, |y| <= w; the guard band of the
// outcodes does not keep points): a point outside is not drawn at all.
bool pointInView(const float* record, const Viewport& vp);

// Appends point `v` of size `size`: a one-pixel Point when it is 1 and no
// sprite (R-16's pixel), else a Square [x0, x1) x [y0, y1) in 1/256 px.
void appendSizedPoint(const SetupInput& in, const float* v, float size, bool sprite, std::vector<SetupTriangle>& out);

}  // namespace refrast
