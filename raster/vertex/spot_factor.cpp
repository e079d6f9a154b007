// SPDX-License-Identifier: MIT
#include "raster/vertex/spot_factor.h"

#include "raster/math/trig.h"
#include "raster/vertex/vertex_lighting.h"

namespace refrast {

namespace lanes_scalar {
float spotLane(const KernelLight& l, bool linear, float rho);
}

SpotCone makeSpotCone(const Light& light) {
    return {cosFloat(light.theta * 0.5f), cosFloat(light.phi * 0.5f), light.falloff};
}

// The formula lives once, over lanes, in vertex_lighting.inl; this is its width 1.
float spotFactor(const SpotCone& cone, float rho, SpotFalloffRule rule) {
    KernelLight k;
    k.cosHalfTheta = cone.cosHalfTheta, k.cosHalfPhi = cone.cosHalfPhi, k.falloff = cone.falloff;
    return lanes_scalar::spotLane(k, rule == SpotFalloffRule::Linear, rho);
}

}  // namespace refrast
