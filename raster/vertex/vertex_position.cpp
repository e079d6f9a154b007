// SPDX-License-Identifier: MIT
// Dispatch of the position kernel (vertex_position.inl) by SIMD level.
#include "raster/vertex/vertex_position.h"

#include "raster/rasterize/fixed_point.h"

namespace refrast {

#define REFRAST_POSITION_KERNEL(ns)                                                                              \
    namespace ns {                                                                                               \
    void transformPositions(const PositionTransform& t, const float* in, size_t count, float* posView,         \
                            float* records, int stride, uint16_t* outcode, int32_t* snapped);                    \
    }
REFRAST_POSITION_KERNEL(lanes_scalar)
REFRAST_POSITION_KERNEL(lanes_sse)
REFRAST_POSITION_KERNEL(lanes_avx2)
REFRAST_POSITION_KERNEL(lanes_avx512)
#undef REFRAST_POSITION_KERNEL

namespace lanes_scalar {
void mapClipToWindow(const WindowMapping& m, float* record);
uint16_t clipOutcode(const PositionTransform& t, const float* posClip);
int32_t snapLane(float v);
}  // namespace lanes_scalar

void transformPositions(SimdLevel level, const PositionTransform& t, const float* in, size_t count, float* posView,
                        float* records, int stride, uint16_t* outcode, int32_t* snapped) {
    switch (level) {
        case SimdLevel::Scalar: return lanes_scalar::transformPositions(t, in, count, posView, records, stride, outcode, snapped);
        case SimdLevel::Sse: return lanes_sse::transformPositions(t, in, count, posView, records, stride, outcode, snapped);
        case SimdLevel::Avx2: return lanes_avx2::transformPositions(t, in, count, posView, records, stride, outcode, snapped);
        case SimdLevel::Avx512: return lanes_avx512::transformPositions(t, in, count, posView, records, stride, outcode, snapped);
    }
}

void transformPositions(const PositionTransform& t, const float* in, size_t count, float* posView, float* records,
                        int stride, uint16_t* outcode, int32_t* snapped) {
    transformPositions(simdLevel(), t, in, count, posView, records, stride, outcode, snapped);
}

int32_t snapToSubpixel(float v) { return lanes_scalar::snapLane(v); }

void mapToWindow(const WindowMapping& m, float* record) { lanes_scalar::mapClipToWindow(m, record); }
uint16_t clipOutcode(const PositionTransform& t, const float* posClip) { return lanes_scalar::clipOutcode(t, posClip); }

PositionTransform positionTransform(const Mat4* worldView, const Mat4& projection, const WindowMapping& window,
                                    const ClipVolume& clip, PixelCenter center) {
    PositionTransform t;
    t.worldView = worldView ? worldView->data() : nullptr;
    t.projection = projection.data();
    t.window = window;
    for (int k = 0; k < kClipPlaneCount; ++k)
        for (int c = 0; c < 4; ++c) t.planes[k][c] = clip.planes[size_t(k)][c];
    t.active = clip.active;
    t.snapShift = center == PixelCenter::Half ? 0.5f : 0.0f;
    return t;
}

}  // namespace refrast
