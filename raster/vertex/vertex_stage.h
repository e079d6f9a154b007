// SPDX-License-Identifier: MIT
// The vertex stage (D3D9 T&L): transforms a draw's vertices to clip space,
// lights them when D3DRS_LIGHTING is on, maps them to window coordinates, and
// lays out the varyings the pixel stage interpolates.
// Spec: docs/fixed-function.md §1 (D3D row-vector transforms, viewport map,
// XYZRHW vertices with rhw = 0 read as w = 1), §16 (lighting).
#pragma once

#include "raster/memory/scratch_array.h"
#include "refrast/scene.h"

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace refrast {

// Where each varying sits in a vertex record's varying block. A draw carries
// only the varyings its pixel state reads (pixelReads() in
// raster/pixel/pixel_reads.h); an absent one has offset -1 and is never read.
// Diffuse and specular come first, so FLAT shading copies [0, flatCount):
// diffuse RGBA and specular RGB; specular alpha (a fog factor) stays
// interpolated (fixed-function reference §2).
struct VaryingLayout {
    static constexpr int kDiffuse = 0;  // RGBA, clamped to [0, 1]; always present
    int specular = -1;                  // RGBA, clamped to [0, 1]
    int eyeDepth = -1;                  // eye-space z (XYZRHW: 1/rhw)
    int clipW = -1;                     // clip-space w, for table fog on w (XYZRHW: 1/rhw)
    int fog = -1;                       // vertex fog factor (distance with PERPIXEL), docs/fixed-function.md §7.3
    std::array<int8_t, kMaxTexcoordSets> texcoord{};  // offset of (u, v), or -1 when absent or not sampled
    // Per stage: offset of its processed 4-component coordinate (texgen and/or
    // texture matrix, docs/textures.md §8), or -1 when the stage reads a set above.
    std::array<int8_t, kMaxTextureStages> stageCoord{-1, -1, -1, -1, -1, -1, -1, -1};
    int flatCount = 4;                  // diffuse (+ specular rgb)
    int count = 4;
};

// The most varyings a layout holds: two colours, eye depth, clip w, fog, (u, v) per
// set, a processed 4-vector per stage.
constexpr int kMaxVaryings = 8 + 1 + 1 + 1 + 2 * kMaxTexcoordSets + 4 * kMaxTextureStages;

// A vertex record: clip position, window position, then the varyings.
//   [0..3] posClip x, y, z, w   [4..7] posWindow X, Y, Zw, 1/w   [8..] varyings
constexpr int kRecordClip = 0;
constexpr int kRecordWindow = 4;
constexpr int kRecordVaryings = 8;
// The first float of a record the tile stage reads (window Zw, 1/w and the
// varyings; window X, Y are the set-up triangle's fixed-point positions).
// A binned copy of a triangle carries only [kRecordTileFirst, stride) of
// its records (ChunkBins::binnedRecords).
constexpr int kRecordTileFirst = kRecordWindow + 2;

// Planes of the clip volume the primitive stage clips against (bit per plane).
enum ClipPlane : uint16_t {
    kClipNear = 1 << 0,    // z >= 0 (untransformed vertices only)
    kClipFar = 1 << 1,     // z <= w (untransformed vertices only)
    kClipLeft = 1 << 2,    // guard band, see ClipVolume
    kClipRight = 1 << 3,
    kClipTop = 1 << 4,
    kClipBottom = 1 << 5,
    kClipUser0 = 1 << 6,   // D3DRS_CLIPPLANEENABLE planes 0..5: bits 6..11
};

// The frustum/guard-band planes plus D3D9's six user clip planes.
constexpr int kClipPlaneCount = 12;

// The clip volume of one draw as homogeneous planes: a vertex is inside plane
// k when dot(plane[k], posClip) >= 0. x/y planes form a guard band far outside
// the target, so they never change a pixel; they only keep window coordinates
// inside the fixed-point range (see raster/rasterize/fixed_point.h).
struct ClipVolume {
    std::array<Vec4, kClipPlaneCount> planes;
    uint16_t active = 0;  // planes in use
};

// How clip coordinates map to the window (viewport for untransformed
// vertices; identity in pixels for XYZRHW).
struct WindowMapping {
    bool pretransformed = false;
    float x = 0, y = 0, halfWidth = 0, halfHeight = 0, minZ = 0, zScale = 1;
};

struct TransformedVertices {
    VaryingLayout layout;
    int stride = kRecordVaryings + 4;
    // count * stride floats, not zero-filled: the vertex stage writes every
    // float a reader reads (all of posClip, posWindow and the layout).
    ScratchArray<float> records;
    ScratchArray<uint16_t> outcode;  // ClipPlane bits each vertex is outside of, count of them
    // Window x, y of each vertex snapped to the sub-pixel grid at the target's
    // pixel centre (2 per vertex, snapToSubpixel), once per vertex rather than
    // once per triangle that uses it.
    ScratchArray<int32_t> snapped;
    ClipVolume clip;
    WindowMapping window;

    const float* record(size_t i) const { return &records[i * size_t(stride)]; }
    const int32_t* snappedXY(size_t i) const { return &snapped[i * 2]; }
};

// `recycled`: the result for an earlier draw or frame, whose storage is
// reused (its contents are all overwritten). `center`: the target's pixel
// centre, for the snapped positions.
TransformedVertices runVertexStage(const Draw& draw, const Viewport& viewport, int threads,
                                   PixelCenter center = PixelCenter::Integer, TransformedVertices recycled = {});

// Fills posWindow (record[4..7]) from posClip (record[0..3]): the width-1
// form of the position kernel (raster/vertex/vertex_position.h).
void mapToWindow(const WindowMapping& m, float* record);

}  // namespace refrast
