// SPDX-License-Identifier: MIT
// Sampling a cube texture for the pixels of a 2×2 quad: each pixel's face
// (raster/texture/cubemap_faces.h), one mip selection per quad from the face
// pixel 0 selects, and filtering within each pixel's face with the edge
// texels clamped (no wrap across faces). The filtering is the 2-D sampler
// core (raster/pixel/sample_span.h) on the face's chain.
// Spec: fixed-function reference §9.2 (cube maps clamp within the face,
// Wine test_cube_wrap); docs/fixed-function.md §14.1 (T-25..T-27).
#pragma once

#include "raster/math/vec.h"
#include "raster/pixel/rgba.h"
#include "raster/state/fixed_function_options.h"
#include "raster/state/sampler_state.h"
#include "raster/texture/texture.h"

#include <cstdint>

namespace refrast {

// out[k] for the pixels k of `pixels`, sampling `cube` (TextureType::Cube)
// along dir[k]. dir[0], dir[1] and dir[2] must be set whatever `pixels` (the
// quad's derivatives, as for 2-D stages).
// `rule` picks the quad's λ (T-26).
void sampleCubeQuad(const Texture& cube, const SamplerState& sampler, const Vec3 dir[4], uint8_t pixels, Rgba out[4],
                    CubeLodRule rule = CubeLodRule::QuotientRule);

}  // namespace refrast
