// SPDX-License-Identifier: MIT
#include "raster/texture/cubemap_faces.h"

#include <cmath>

namespace refrast {

Vec3 cubemapFaceAxes(CubemapFace face, const Vec3& r) {
    switch (face) {
        case CubemapFace::PositiveX: return Vec3(-r.z(), -r.y(), r.x());
        case CubemapFace::NegativeX: return Vec3(r.z(), -r.y(), -r.x());
        case CubemapFace::PositiveY: return Vec3(r.x(), r.z(), r.y());
        case CubemapFace::NegativeY: return Vec3(r.x(), -r.z(), -r.y());
        case CubemapFace::PositiveZ: return Vec3(r.x(), -r.y(), r.z());
        case CubemapFace::NegativeZ: return Vec3(-r.x(), -r.y(), -r.z());
    }
    return Vec3(0, 0, 0);
}

CubemapCoord selectCubemapFace(const Vec3& r) {
    const float ax = std::fabs(r.x()), ay = std::fabs(r.y()), az = std::fabs(r.z());
    CubemapCoord c;
    if (ax >= ay && ax >= az) c.face = r.x() >= 0.0f ? CubemapFace::PositiveX : CubemapFace::NegativeX;
    else if (ay >= az) c.face = r.y() >= 0.0f ? CubemapFace::PositiveY : CubemapFace::NegativeY;
    else c.face = r.z() >= 0.0f ? CubemapFace::PositiveZ : CubemapFace::NegativeZ;
    const Vec3 a = cubemapFaceAxes(c.face, r);
    if (!(a.z() > 0.0f)) return CubemapCoord{};  // zero or NaN direction
    c.s = 0.5f * (a.x() / a.z() + 1.0f);
    c.t = 0.5f * (a.y() / a.z() + 1.0f);
    return c;
}

Vec2 cubemapFaceDerivative(CubemapFace face, const Vec3& r, const Vec3& dr) {
    const Vec3 a = cubemapFaceAxes(face, r), d = cubemapFaceAxes(face, dr);
    if (!(a.z() > 0.0f)) return Vec2(0.0f, 0.0f);
    const float ma2 = a.z() * a.z();
    return Vec2(0.5f * ((d.x() * a.z() - a.x() * d.z()) / ma2), 0.5f * ((d.y() * a.z() - a.y() * d.z()) / ma2));
}

}  // namespace refrast
