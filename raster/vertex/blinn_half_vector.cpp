// SPDX-License-Identifier: MIT
#include "raster/vertex/blinn_half_vector.h"

namespace refrast {

namespace lanes_scalar {
void halfVectorLane(const float lightDir[3], const float posView[3], bool localViewer, float out[3]);
}

// The formula lives once, over lanes, in vertex_lighting.inl; this is its width 1.
Vec3 blinnHalfVector(const Vec3& lightDir, const Vec3& posView, bool localViewer) {
    const float l[3] = {lightDir.x(), lightDir.y(), lightDir.z()}, p[3] = {posView.x(), posView.y(), posView.z()};
    float h[3];
    lanes_scalar::halfVectorLane(l, p, localViewer, h);
    return Vec3(h[0], h[1], h[2]);
}

}  // namespace refrast
