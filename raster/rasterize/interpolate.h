// SPDX-License-Identifier: MIT
// Attribute interpolation for the pixels of a 2x2 quad.
// Spec: fixed-function reference §2: depth is linear in screen space; every
// other varying is perspective-correct, a = (Σ λi ai/wi) / (Σ λi/wi); flat
// shading takes diffuse and specular from the provoking vertex.
#pragma once

#include "raster/primitive/setup.h"
#include "raster/vertex/vertex_stage.h"

#include <cstdint>

namespace refrast {

constexpr int kSpanPlane = 16;  // the widest lane count (kSpanPixels)

// Pixel k of the quad at (x, y) is (x + (k & 1), y + (k >> 1)). Only the
// pixels of the mask given to interpolateVaryings hold values: the covered ones,
// plus the uncovered helpers when the draw samples textures (derivatives).
struct QuadFragments {
    int x = 0, y = 0;
    uint8_t coverage = 0;  // bit k: pixel k is inside the triangle and the draw's bounds
    float z[4];            // window depth
    // Varying i of pixel k, as the lanes see it (interpolateVaryings writes
    // these; planes padded to the widest lane count).
    alignas(64) float plane[kMaxVaryings][kSpanPlane];
    // The same per pixel, for the stage sampling: varyingsPerPixel fills it
    // from the planes; lines and points write it and varyingPlanes fills the planes.
    float varying[4][kMaxVaryings];
};

// plane -> varying (varyings [first, count) of the pixels of `pixels`) and
// varying -> plane (varyings [0, count) of all four).
void varyingsPerPixel(QuadFragments& q, int first, int count, uint8_t pixels);
void varyingPlanes(QuadFragments& q, int count);

// One triangle's interpolation constants, made once per triangle and tile:
// the vertex-0 value a0 and the differences a1 - a0, a2 - a0 of every
// interpolated varying (the same single subtractions the per-pixel formula
// makes), and the provoking colours of FLAT shading.
struct TriangleInterpolant {
    float invW[3], z0, dz1, dz2;
    float zOffset = 0.0f;  // depth bias (raster/output/depth_bias.h), added after interpolation
    int first = 0, count = 0;  // varyings [first, count) are interpolated
    const float* flatColor = nullptr;  // FLAT: varyings [0, first) copied from here (the provoking vertex)
    float a0[kMaxVaryings], d1[kMaxVaryings], d2[kMaxVaryings];

    TriangleInterpolant(const SetupTriangle& t, const VaryingLayout& layout, bool flatShade);
};

// Screen-space barycentrics of a quad pixel from its edge values:
// b_k = E_k / (2 * area) (docs/fixed-function.md §3, R-4).
struct Barycentrics {
    float b0, b1, b2;
};
inline Barycentrics barycentricsAt(float invArea, const int64_t edge[3][4], int k) {
    return {float(edge[0][k]) * invArea, float(edge[1][k]) * invArea, float(edge[2][k]) * invArea};
}

// Fills z of the pixels in `pixels`: linear in screen space, relative to
// vertex 0 so a constant-depth triangle interpolates its depth exactly.
void interpolateDepth(const TriangleInterpolant& ti, float invArea, const int64_t edge[3][4], uint8_t pixels,
                      QuadFragments& q);

// Fills the varying planes of the pixels in `pixels`, perspective-correct
// through the lane kernel at the process's SIMD level (lanes past the
// mask may be filled too and are ignored).
void interpolateVaryings(const TriangleInterpolant& ti, float invArea, const int64_t edge[3][4], uint8_t pixels,
                         QuadFragments& q);

}  // namespace refrast
