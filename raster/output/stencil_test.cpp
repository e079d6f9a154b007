// SPDX-License-Identifier: MIT
#include "raster/output/stencil_test.h"

#include "raster/output/compare.h"

namespace refrast {

bool stencilTest(const StencilFaceState& face, const StencilState& s, uint8_t stored) {
    const uint32_t mask = s.mask & 0xFF;
    return compare(face.func, s.ref & mask, uint32_t(stored) & mask);
}

uint8_t stencilUpdate(StencilOp op, const StencilState& s, uint8_t stored) {
    uint8_t value = stored;
    switch (op) {
        case StencilOp::Keep: value = stored; break;
        case StencilOp::Zero: value = 0; break;
        case StencilOp::Replace: value = uint8_t(s.ref & 0xFF); break;
        case StencilOp::IncrSat: value = stored == 0xFF ? 0xFF : uint8_t(stored + 1); break;
        case StencilOp::DecrSat: value = stored == 0 ? 0 : uint8_t(stored - 1); break;
        case StencilOp::Invert: value = uint8_t(~stored); break;
        case StencilOp::Incr: value = uint8_t(stored + 1); break;  // wraps 255 -> 0
        case StencilOp::Decr: value = uint8_t(stored - 1); break;  // wraps 0 -> 255
    }
    const uint8_t writeMask = uint8_t(s.writeMask & 0xFF);
    return uint8_t((stored & ~writeMask) | (value & writeMask));
}

}  // namespace refrast
