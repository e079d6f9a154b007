// SPDX-License-Identifier: MIT
// Specular add over lanes (specular_add.h): rgb += specular.rgb, alpha is the
// fog slot and stays. Compiled once per SIMD level and at width 1 by specular_add.cpp.
#pragma once

#include "raster/pixel/color_lanes.inl"

namespace refrast::REFRAST_LANES_NS {

inline Color specularAdd(const Color& c, const Color& specular) {
    return {c.r + specular.r, c.g + specular.g, c.b + specular.b, c.a};  // alpha: the fog slot
}

}  // namespace refrast::REFRAST_LANES_NS
