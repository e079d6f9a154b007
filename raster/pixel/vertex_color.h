// SPDX-License-Identifier: MIT
// Per-vertex colour clamping: float vertex colours (diffuse, specular) may lie
// outside [0, 1] in a capture; each channel is clamped per vertex, before
// interpolation, as a D3DCOLOR conversion would.
// Spec: legacy-behaviours §3 (vertex-alpha effect cards, alpha down to -0.2: clamp);
// docs/fixed-function.md R-14.
#pragma once

#include "raster/pixel/rgba.h"

namespace refrast {

constexpr Rgba clampVertexColor(const Rgba& c) { return saturate(c); }

}  // namespace refrast
