// SPDX-License-Identifier: MIT
#include "raster/pixel/specular_add.h"

#include "raster/pixel/specular_add.inl"  // the formula over lanes, here at width 1

namespace refrast {

Rgba specularAdd(bool specularEnable, const Rgba& color, const Rgba& specular) {
    if (!specularEnable) return color;
    using namespace lanes_scalar;
    return toRgba(lanes_scalar::specularAdd(splatColor(color), splatColor(specular)));
}

}  // namespace refrast
