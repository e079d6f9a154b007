// SPDX-License-Identifier: MIT
#include "raster/output/alpha_test.h"

#include "raster/output/color_write.h"
#include "raster/output/compare.h"

namespace refrast {

bool alphaTest(const AlphaTestState& state, float alpha) {
    if (!state.enable) return true;
    // quantise with the target encode; only the low byte of ALPHAREF counts.
    return compare(state.func, uint32_t(encodeUnorm8(alpha)), state.ref & 0xFFu);
}

}  // namespace refrast
