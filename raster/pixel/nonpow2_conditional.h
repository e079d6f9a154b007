// SPDX-License-Identifier: MIT
// D3DPTEXTURECAPS_NONPOW2CONDITIONAL: how a device with only conditional
// non-power-of-two support samples a texture whose sides are not powers of
// two (the device option `nonpow2`, docs/textures.md §4 rule T-10a).
// Spec: D3DPTEXTURECAPS_NONPOW2CONDITIONAL in D3DCAPS9 (CLAMP addressing, no
// wrapping, "mipmapping is not in use"); fixed-function reference §9.2 (WRAP
// behaves as CLAMP, Wine conditional_np2_repeat_test).
#pragma once

#include "raster/state/fixed_function_options.h"
#include "raster/state/sampler_state.h"
#include "raster/texture/texture.h"

namespace refrast {

// The sampler state the stage samples `texture` with: unchanged under
// NonPow2Rule::Unconditional or for power-of-two sides; otherwise ADDRESSU/V
// WRAP and MIRROR read as CLAMP and MIPFILTER as NONE.
SamplerState nonPow2Sampler(const Texture& texture, const SamplerState& sampler, NonPow2Rule rule);

}  // namespace refrast
