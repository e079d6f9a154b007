// SPDX-License-Identifier: MIT
#include "raster/vertex/user_clip_planes.h"

#include <Eigen/LU>

namespace refrast {

bool clipSpacePlane(const Mat4& view, const Mat4& projection, const Vec4& p, Vec4& out) {
    const Eigen::Matrix4d m = view.cast<double>() * projection.cast<double>();
    const double det = m.determinant();
    if (det == 0.0 || !(det == det)) return false;
    const Eigen::Matrix4d inv = m.inverse();
    for (int r = 0; r < 4; ++r)
        out[r] = float(((inv(r, 0) * double(p[0]) + inv(r, 1) * double(p[1])) + inv(r, 2) * double(p[2])) +
                       inv(r, 3) * double(p[3]));
    return true;
}

void addUserClipPlanes(const VertexProcessingState& s, const Mat4& view, const Mat4& projection, ClipVolume& clip) {
    for (int i = 0; i < kMaxUserClipPlanes; ++i) {
        if (!(s.clipPlaneEnable >> i & 1)) continue;
        Vec4 plane;
        if (!clipSpacePlane(view, projection, s.clipPlanes[size_t(i)], plane)) continue;
        clip.planes[size_t(6 + i)] = plane;
        clip.active = uint16_t(clip.active | (kClipUser0 << i));
    }
}

}  // namespace refrast
