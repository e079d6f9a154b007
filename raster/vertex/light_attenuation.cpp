// SPDX-License-Identifier: MIT
#include "raster/vertex/light_attenuation.h"

namespace refrast {

float lightAttenuation(const Light& light, float d, LightRangeRule rule) {
    if (light.type == LightType::Directional) return 1.0f;
    if (rule == LightRangeRule::Cutoff && d > light.range) return 0.0f;
    return 1.0f / ((light.attenuation0 + light.attenuation1 * d) + light.attenuation2 * (d * d));
}

}  // namespace refrast
