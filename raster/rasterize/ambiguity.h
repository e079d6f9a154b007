// SPDX-License-Identifier: MIT
// The ambiguity map's coverage criterion (docs/ambiguity.md): a pixel whose
// sample lies within kEdgeAmbiguitySubpixels of a triangle edge is covered or
// not by a knife edge — another honest rasterizer (other sub-pixel precision,
// other snapping) may decide it the other way. It stays ambiguous unless a
// triangle of the same or a later draw covers it with that margin on every
// side (the inside of a mesh, where shared edges meet, is not a knife edge
// once a neighbour covers the pixel robustly).
#pragma once

#include "raster/framebuffer.h"
#include "raster/rasterize/edge_function.h"

namespace refrast {

// 1/16 pixel: beyond the 1/256 snapping of any D3D9-era implementation, within
// the sub-pixel precision differences of real GPUs (4 to 8 bits).
constexpr int kEdgeAmbiguitySubpixels = kSubpixelOne / 16;

// Records, for the pixels of r, whether this triangle's edges pass near their
// sample (fb.nearEdge) or the triangle covers them with the margin
// (fb.robustCover). Only called when those planes exist.
void markEdgeAmbiguity(const TriangleEdges& edges, const PixelBounds& r, uint32_t drawIndex, Framebuffer& fb);

// The result for pixel i: an edge came near it and nothing covered it robustly afterwards.
inline bool coverageAmbiguous(const Framebuffer& fb, size_t i) {
    return fb.nearEdge[i] != 0 && fb.robustCover[i] < fb.nearEdge[i];
}

}  // namespace refrast
