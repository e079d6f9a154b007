// SPDX-License-Identifier: MIT
#include "raster/output/depth_test.h"

#include "raster/output/depth_stencil.inl"  // the formulas over lanes, here at width 1

namespace refrast {

uint32_t storeDepth(DepthFormat format, float z) { return uint32_t(lanes_scalar::storeDepth(format, z)); }

float loadDepth(DepthFormat format, uint32_t stored) {
    const int bits = depthBits(format);
    if (bits == 0) return lanes_scalar::asFloat(int32_t(stored));
    return float(double(stored) / lanes_scalar::depthUnormMax(bits));
}

bool depthTest(Cmp zFunc, uint32_t incoming, uint32_t stored) {
    return lanes_scalar::depthPasses(zFunc, int32_t(incoming), int32_t(stored));
}

}  // namespace refrast
