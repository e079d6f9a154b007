// SPDX-License-Identifier: MIT
// Spawning one burst of an i860 effect: the burst's random small-angle
// rotation, the scattered spawn points, and the v_bias launch cone.
// Spec: shared/spec/legacy-behaviours.md §3.1 ("each burst's frame is randomly
// rotated"; [param] cone shape, burst scatter, size); docs/sfx.md "Bursts".
#pragma once

#include "formats/sfx/pcg32.h"
#include "formats/sfx/sfx_particle.h"

#include <vector>

namespace refrast::sfx {

// A rotation by ax about x, then ay about y, then az about z (right-handed, y up).
struct BurstRotation {
    float sinX, cosX, sinY, cosY, sinZ, cosZ;
    Vec3 apply(const Vec3& v) const;
};

// Three draws: ax, ay, az = nextSigned() × maxAngle, in that order.
BurstRotation drawBurstRotation(Pcg32& rng, float maxAngle);

// A uniform point in the unit ball by rejection from the cube [-1, 1)^3.
Vec3 drawBallPoint(Pcg32& rng);

// A unit launch direction: a ball point lifted by (0, lift, 0), normalised;
// redrawn when the lifted point is within 1e-3 of the origin.
Vec3 drawLaunchDirection(Pcg32& rng, float lift);

// Appends d.count particles with ids firstId, firstId + 1, ….
void spawnBurst(const SfxDescriptor& d, const SfxModelParams& m, Pcg32& rng, uint32_t firstId,
                std::vector<SfxParticle>& out);

}  // namespace refrast::sfx
