// SPDX-License-Identifier: MIT
#include "raster/vertex/blinn_half_vector.h"

#include "raster/vertex/lighting_vector.h"

namespace refrast {

Vec3 blinnHalfVector(const Vec3& lightDir, const Vec3& posView, bool localViewer) {
    const Vec3 toViewer = localViewer ? normalize3(Vec3(-posView.x(), -posView.y(), -posView.z())) : Vec3(0, 0, -1);
    return normalize3(Vec3(toViewer.x() + lightDir.x(), toViewer.y() + lightDir.y(), toViewer.z() + lightDir.z()));
}

}  // namespace refrast
