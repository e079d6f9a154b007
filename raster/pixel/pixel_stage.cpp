// SPDX-License-Identifier: MIT
#include "raster/pixel/pixel_stage.h"

namespace refrast {

Rgba shadePixel(const DrawContext&, const QuadFragments& quad, int k) {
    const float* v = quad.varying[k];
    const float* diffuse = v + VaryingLayout::kDiffuse;
    // Stage 0 defaults to MODULATE(TEXTURE, CURRENT) with no texture bound,
    // which leaves the diffuse colour (fixed-function reference §4.4).
    return Rgba{diffuse[0], diffuse[1], diffuse[2], diffuse[3]};
}

}  // namespace refrast
