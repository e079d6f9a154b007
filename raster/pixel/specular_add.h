// SPDX-License-Identifier: MIT
// Specular add after the texture stages (D3DRS_SPECULARENABLE).
// Spec: fixed-function reference §0 step 4, §5.1: rgb += specular.rgb, alpha
// untouched, no clamp before fog (the target conversion clamps, R-9).
#pragma once

#include "raster/pixel/rgba.h"

namespace refrast {

Rgba specularAdd(bool specularEnable, const Rgba& color, const Rgba& specular);

}  // namespace refrast
