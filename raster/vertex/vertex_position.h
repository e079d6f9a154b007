// SPDX-License-Identifier: MIT
// The position half of the vertex stage over lanes: for several vertices at
// once, the row-vector transforms to eye and clip space, the viewport map to
// window coordinates and the clip outcodes (docs/fixed-function.md §1.1, §1.2,
// §2.4), written once in vertex_position.inl and compiled for every SIMD
// level like the sampler's kernel. The scalar width is the vertex stage's
// formula: mapToWindow and the outcodes of clip-created and XYZRHW vertices
// call it too; every level gives its bits.
#pragma once

#include "raster/lanes/simd_level.h"
#include "raster/vertex/vertex_stage.h"

#include <cstddef>
#include <cstdint>

namespace refrast {

// What the kernels read, in plain floats (the kernels, built with -m flags,
// call no Eigen code: its inline functions must not be compiled there).
struct PositionTransform {
    const float* worldView = nullptr;  // 16 floats, row-major; null: the input is already eye space
    const float* projection = nullptr;  // 16 floats, row-major
    WindowMapping window;
    float planes[kClipPlaneCount][4] = {};  // ClipVolume::planes
    uint16_t active = 0;                    // ClipVolume::active
    float snapShift = 0.0f;                 // subtracted from X, Y before snapping: 0.5 for D3D10 centres
};

// worldView null: positions given in eye space.
PositionTransform positionTransform(const Mat4* worldView, const Mat4& projection, const WindowMapping& window,
                                    const ClipVolume& clip, PixelCenter center);

// For the `count` positions at `in` (4 floats each; model space, or eye
// space when worldView is null): posView (4 floats each; may be `in`
// itself), the records' clip and window positions (record[0..7], `stride`
// floats apart), the outcodes and the window x, y snapped to the sub-pixel
// grid (2 each, snapToSubpixel(X - snapShift), as triangle setup snaps them).
void transformPositions(const PositionTransform& t, const float* in, size_t count, float* posView, float* records,
                        int stride, uint16_t* outcode, int32_t* snapped);
void transformPositions(SimdLevel level, const PositionTransform& t, const float* in, size_t count, float* posView,
                        float* records, int stride, uint16_t* outcode, int32_t* snapped);

// The width-1 form of the outcode of one clip position (mapToWindow,
// vertex_stage.h, is the width-1 window map).
uint16_t clipOutcode(const PositionTransform& t, const float* posClip);

}  // namespace refrast
