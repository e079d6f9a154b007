// SPDX-License-Identifier: MIT
#include "raster/pixel/specular_add.h"

namespace refrast {

Rgba specularAdd(bool specularEnable, const Rgba& color, const Rgba& specular) {
    if (!specularEnable) return color;
    return {color.r + specular.r, color.g + specular.g, color.b + specular.b, color.a};  // alpha: the fog slot
}

}  // namespace refrast
