// SPDX-License-Identifier: MIT
// Stencil test and update (D3DRS_STENCIL*, D3DSTENCILOP) on an 8-bit stencil.
// Spec: D3DRENDERSTATETYPE / D3DSTENCILOP docs: the test is
// (ref & mask) CMP (stencil & mask); the write is masked by STENCILWRITEMASK.
// The formulas are depth_stencil.inl's at width 1.
#pragma once

#include "raster/state/render_state.h"

#include <cstdint>

namespace refrast {

bool stencilTest(const StencilFaceState& face, const StencilState& s, uint8_t stored);

// The new stencil value after applying `op`, merged under the write mask.
uint8_t stencilUpdate(StencilOp op, const StencilState& s, uint8_t stored);

}  // namespace refrast
