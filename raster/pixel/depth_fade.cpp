// SPDX-License-Identifier: MIT
#include "raster/pixel/depth_fade.h"

namespace refrast {

float depthFadeFactor(const DepthFadeState& fade, float viewDepth) {
    return saturate((fade.farDistance - viewDepth) / (fade.farDistance - fade.nearDistance));
}

Rgba depthFade(const DepthFadeState& fade, const Rgba& color, float viewDepth) {
    if (!fade.enable) return color;
    const float f = depthFadeFactor(fade, viewDepth);
    return {color.r * f, color.g * f, color.b * f, color.a * f};  // scaling alpha too is essential (legacy §1)
}

}  // namespace refrast
