// SPDX-License-Identifier: MIT
#include "raster/vertex/light_attenuation.h"

#include "raster/vertex/vertex_lighting.h"

namespace refrast {

namespace lanes_scalar {
float attenuationLane(const KernelLight& l, bool rangeCutoff, float d);
}

// The formula lives once, over lanes, in vertex_lighting.inl; this is its width 1.
float lightAttenuation(const Light& light, float d, LightRangeRule rule) {
    if (light.type == LightType::Directional) return 1.0f;
    KernelLight k;
    k.range = light.range;
    k.attenuation0 = light.attenuation0, k.attenuation1 = light.attenuation1, k.attenuation2 = light.attenuation2;
    return lanes_scalar::attenuationLane(k, rule == LightRangeRule::Cutoff, d);
}

}  // namespace refrast
