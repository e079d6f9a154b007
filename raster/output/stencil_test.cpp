// SPDX-License-Identifier: MIT
#include "raster/output/stencil_test.h"

#include "raster/output/depth_stencil.inl"  // the formulas over lanes, here at width 1

namespace refrast {

bool stencilTest(const StencilFaceState& face, const StencilState& s, uint8_t stored) {
    return lanes_scalar::stencilPasses(face, s, stored);
}

uint8_t stencilUpdate(StencilOp op, const StencilState& s, uint8_t stored) {
    return uint8_t(lanes_scalar::stencilUpdate(op, s, stored));
}

}  // namespace refrast
