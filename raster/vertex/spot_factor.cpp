// SPDX-License-Identifier: MIT
#include "raster/vertex/spot_factor.h"

#include "raster/math/trig.h"
#include "raster/vertex/lighting_pow.h"

namespace refrast {

SpotCone makeSpotCone(const Light& light) {
    return {cosFloat(light.theta * 0.5f), cosFloat(light.phi * 0.5f), light.falloff};
}

float spotFactor(const SpotCone& cone, float rho, SpotFalloffRule rule) {
    if (rho > cone.cosHalfTheta) return 1.0f;
    if (rho <= cone.cosHalfPhi) return 0.0f;
    const float t = (rho - cone.cosHalfPhi) / (cone.cosHalfTheta - cone.cosHalfPhi);
    return rule == SpotFalloffRule::Linear ? t : lightingPow(t, cone.falloff);
}

}  // namespace refrast
