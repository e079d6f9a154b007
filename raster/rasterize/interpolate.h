// SPDX-License-Identifier: MIT
// Attribute interpolation for the four pixels of a 2x2 quad.
// Spec: fixed-function reference §2: depth is linear in screen space; every
// other varying is perspective-correct, a = (Σ λi ai/wi) / (Σ λi/wi); flat
// shading takes diffuse and specular from the provoking vertex.
#pragma once

#include "raster/primitive/setup.h"
#include "raster/rasterize/edge_function.h"
#include "raster/vertex/vertex_stage.h"

#include <cstdint>

namespace refrast {

constexpr int kMaxVaryings = VaryingLayout::kTexcoord + 4 * kMaxTexcoordSets;

// Pixel k of the quad at (x, y) is (x + (k & 1), y + (k >> 1)). All four are
// interpolated, covered or not (uncovered ones are helpers for derivatives).
struct QuadFragments {
    int x = 0, y = 0;
    uint8_t coverage = 0;  // bit k: pixel k is inside the triangle and the draw's bounds
    float z[4];            // window depth
    float varying[4][kMaxVaryings];
};

// Screen-space barycentrics b1, b2 of a pixel from its edge values:
// b_k = E_k / (2 * area) (docs/fixed-function.md §3, R-4).
void interpolateQuad(const SetupTriangle& t, const int64_t edge[3][4], int varyingCount, bool flatShade,
                     QuadFragments& q);

}  // namespace refrast
