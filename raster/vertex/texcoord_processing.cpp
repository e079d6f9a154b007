// SPDX-License-Identifier: MIT
#include "raster/vertex/texcoord_processing.h"

#include "raster/vertex/lighting_vector.h"

#include <cmath>

namespace refrast {

bool usesTexcoordProcessing(const TextureStageState& t, uint8_t setSize, bool cube) {
    const TextureTransformFlags& f = t.textureTransformFlags;
    if (cube || t.texGen != TexGen::PassThru || f.projected) return true;
    if (f.count == 0) return false;
    return f.count != 2 || setSize > 2;
}

Vec4 texcoordInput(const Vec4& c, uint8_t size) {
    switch (size) {
        case 1: return Vec4(c.x(), 1, 0, 0);
        case 3: return Vec4(c.x(), c.y(), c.z(), 1);
        case 4: return c;
        case 0: return Vec4(0, 0, 1, 0);
        default: return Vec4(c.x(), c.y(), 1, 0);
    }
}

namespace {

Vec3 reflectionVector(const Vec3& posView, const Vec3& n, bool localViewer) {
    const Vec3 i = localViewer ? normalize3(posView) : Vec3(0, 0, 1);
    const float k = 2.0f * dot3(n, i);
    return Vec3(i.x() - k * n.x(), i.y() - k * n.y(), i.z() - k * n.z());
}

}  // namespace

Vec4 texGenVector(TexGen gen, const Vec3& posView, const Vec3& n, bool localViewer) {
    switch (gen) {
        case TexGen::CameraSpaceNormal: return Vec4(n.x(), n.y(), n.z(), 1);
        case TexGen::CameraSpacePosition: return Vec4(posView.x(), posView.y(), posView.z(), 1);
        case TexGen::CameraSpaceReflectionVector: {
            const Vec3 r = reflectionVector(posView, n, localViewer);
            return Vec4(r.x(), r.y(), r.z(), 1);
        }
        case TexGen::SphereMap: {
            const Vec3 r = reflectionVector(posView, n, localViewer);
            const float rz = r.z() - 1.0f;
            const float m = 2.0f * std::sqrt((r.x() * r.x() + r.y() * r.y()) + rz * rz);
            if (!(m > 0.0f)) return Vec4(0.5f, 0.5f, 0, 1);
            return Vec4(r.x() / m + 0.5f, 0.5f - r.y() / m, 0, 1);
        }
        case TexGen::PassThru: break;
    }
    return Vec4(0, 0, 0, 1);
}

Vec4 transformTexcoord(const TextureTransformFlags& flags, const Mat4& m, const Vec4& in) {
    if (flags.count == 0) return in;
    Vec4 out;
    for (int c = 0; c < 4; ++c)
        out[c] = ((in.x() * m(0, c) + in.y() * m(1, c)) + in.z() * m(2, c)) + in.w() * m(3, c);
    return out;
}

Vec2 lookupTexcoord(const TextureTransformFlags& flags, const float* c) {
    if (flags.count == 1) return Vec2(c[0], 0.0f);
    if (flags.projected) {
        const float q = c[flags.count - 1];
        return Vec2(c[0] / q, c[1] / q);
    }
    return Vec2(c[0], c[1]);
}

Vec3 lookupCubeTexcoord(const TextureTransformFlags& flags, const float* c) {
    const Vec3 r(c[0], flags.count == 1 ? 0.0f : c[1], flags.count == 1 || flags.count == 2 ? 0.0f : c[2]);
    if (!flags.projected) return r;
    const float q = c[flags.count - 1];
    return Vec3(r.x() / q, r.y() / q, r.z() / q);
}

}  // namespace refrast
