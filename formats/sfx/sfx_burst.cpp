// SPDX-License-Identifier: MIT
// Burst spawning: rotation, scatter and launch cone, drawn from PCG32 in a
// fixed order (docs/sfx.md "Bursts" lists every draw).
// Spec: shared/spec/legacy-behaviours.md §3.1.
#include "formats/sfx/sfx_burst.h"

#include "raster/math/trig.h"

#include <cassert>
#include <cmath>

namespace refrast::sfx {

namespace {

// A lifted launch point shorter than this (squared: 1e-3²) has no usable direction.
constexpr float kMinLaunchLength2 = 1e-6f;

// Rotates the pair (a, b) in its plane: a' = c·a − s·b, b' = s·a + c·b.
void rotatePlane(float& a, float& b, float s, float c) {
    const float a0 = a;
    a = c * a0 - s * b;
    b = s * a0 + c * b;
}

float lengthSquared(float x, float y, float z) { return x * x + y * y + z * z; }

}  // namespace

Vec3 BurstRotation::apply(const Vec3& v) const {
    float x = v.x(), y = v.y(), z = v.z();
    rotatePlane(y, z, sinX, cosX);  // about x
    rotatePlane(z, x, sinY, cosY);  // about y
    rotatePlane(x, y, sinZ, cosZ);  // about z
    return {x, y, z};
}

BurstRotation drawBurstRotation(Pcg32& rng, float maxAngle) {
    const float ax = rng.nextSigned() * maxAngle;
    const float ay = rng.nextSigned() * maxAngle;
    const float az = rng.nextSigned() * maxAngle;
    // refrast's own sine and cosine (raster/math/trig.h, docs/textures.md T-19):
    // the correctly rounded float for these small angles, on every machine.
    return {sinFloat(ax), cosFloat(ax), sinFloat(ay), cosFloat(ay), sinFloat(az), cosFloat(az)};
}

Vec3 drawBallPoint(Pcg32& rng) {
    for (;;) {
        const float x = rng.nextSigned();
        const float y = rng.nextSigned();
        const float z = rng.nextSigned();
        if (lengthSquared(x, y, z) <= 1.0f) return {x, y, z};
    }
}

Vec3 drawLaunchDirection(Pcg32& rng, float lift) {
    for (;;) {
        const Vec3 q = drawBallPoint(rng);
        const float y = q.y() + lift;
        const float len2 = lengthSquared(q.x(), y, q.z());
        if (len2 < kMinLaunchLength2) continue;
        const float len = std::sqrt(len2);  // IEEE correctly rounded
        return {q.x() / len, y / len, q.z() / len};
    }
}

void spawnBurst(const SfxDescriptor& d, const SfxModelParams& m, Pcg32& rng, uint32_t firstId,
                std::vector<SfxParticle>& out) {
    const BurstRotation rotation = drawBurstRotation(rng, m.burstRotationMaxAngle);
    const float scatter = d.size * m.burstScatter;
    const float lift = d.vBias * m.coneUpBiasScale;
    for (int i = 0; i < d.count; ++i) {
        SfxParticle p = freshParticle(firstId + static_cast<uint32_t>(i), d, m);
        const Vec3 offset = drawBallPoint(rng);
        const Vec3 direction = drawLaunchDirection(rng, lift);
        const float speed = d.velocity * (1.0f + d.varience * rng.nextSigned());
        p.position = rotation.apply(offset * scatter);
        p.velocity = rotation.apply(direction * speed);
        out.push_back(p);
    }
}

}  // namespace refrast::sfx
