// SPDX-License-Identifier: MIT
// Which interpolated inputs a draw's pixel stage can read, decided once per
// draw from its state, so the vertex stage lays out (and the rasterizer
// interpolates) only those varyings.
// Spec: docs/architecture.md "Performance shape"; the readers are
// docs/fixed-function.md §5 (stage arguments), §6 (specular), §7 (fog), §9.2.
#pragma once

#include "raster/pixel/fixed_function_pixel.h"
#include "raster/state/pixel_state.h"

#include <cstdint>

namespace refrast {

struct PixelReads {
    bool specular = false;      // SPECULARENABLE, fog from specular alpha, or a stage argument SPECULAR
    bool eyeDepth = false;      // table fog on eye z (TABLEFOGW EYEZ), or the depth fade
    bool clipW = false;         // table fog on clip-space w (the default TABLEFOGW CLIPW)
    bool fogVarying = false;    // vertex fog (FogSource::Vertex): the factor or distance
    uint8_t texcoordSets = 0;   // bit n: a stage that samples a texture reads texcoord set n
};

// Bit s: a texture is bound to stage s.
uint8_t boundStageMask(const PixelState& state);

// Bit s: stage s runs (activeStageCount) and has a texture, so it samples.
uint8_t sampledStageMask(const PixelState& state);

// A superset of what fixedFunctionPixel and the stage sampling read for this
// state: absent inputs are never read.
PixelReads pixelReads(const PixelState& state, const FogSelection& fog);

}  // namespace refrast
