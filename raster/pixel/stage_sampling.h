// SPDX-License-Identifier: MIT
// Sampling the texture of every active stage for one pixel of a quad: each
// stage's coordinate set and modifiers, the quad's derivatives, and the bump
// perturbation a BUMPENVMAP(LUMINANCE) stage applies to the next stage.
// Spec: fixed-function reference §0 step 2, §4.5; docs/fixed-function.md §5.5,
// docs/textures.md §3-§5.
#pragma once

#include "raster/pixel/texture_stage.h"
#include "raster/rasterize/interpolate.h"
#include "raster/vertex/vertex_stage.h"
#include "refrast/scene.h"

namespace refrast {

// Fills in.texture[s] and in.boundMask for pixel k of the quad. Derivatives are
// per quad: d/dx = pixel 1 − pixel 0, d/dy = pixel 2 − pixel 0, taken before any
// bump perturbation. A stage without a texcoord set in the vertices reads (0, 0).
void sampleStages(const PixelState& state, const Scene& scene, const VaryingLayout& layout, const QuadFragments& quad,
                  int k, TextureStageInputs& in);

}  // namespace refrast
