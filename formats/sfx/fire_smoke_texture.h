// SPDX-License-Identifier: MIT
// A procedurally generated fire-smoke sprite for the effect descriptors'
// textures (btfx:firesmoke1_scr_tex, …): a soft round puff of greyscale
// luminance that the effect's fiery material ramp colours.
// Spec: docs/sfx.md "Drawing effects in scenes" (the exact formula).
#pragma once

#include "raster/texture/texture.h"

#include <cstdint>

namespace refrast::sfx {

constexpr int kFireSmokeDefaultSize = 64;
constexpr uint32_t kFireSmokeDefaultSeed = 1;

// size × size texels, one level: rgb = luminance (grey), a = coverage, both
// from a radial falloff modulated by two octaves of tileable value noise
// drawn from `seed`. Float32 arithmetic in the written order, no libm.
Texture generateFireSmokeTexture(int size, uint32_t seed);

}  // namespace refrast::sfx
