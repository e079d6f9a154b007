// SPDX-License-Identifier: MIT
// The pixel-pipeline state of one draw: texture stages, samplers, specular,
// fog, alpha test and blending (D3DTSS_*, D3DSAMP_*, D3DRS_*).
#pragma once

namespace refrast {

struct PixelState {};

}  // namespace refrast
