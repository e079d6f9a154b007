// SPDX-License-Identifier: MIT
#include "raster/pixel/material_ramp.h"

namespace refrast {

namespace {
bool achromatic(const Rgba& c) { return c.r == c.g && c.g == c.b; }
}  // namespace

Rgba materialRamp(const MaterialRampState& ramp, const Rgba& texel) {
    const float l = saturate((kRampLumaR * texel.r + kRampLumaG * texel.g) + kRampLumaB * texel.b);
    const Rgba lo = decodeD3DColor(ramp.low), hi = decodeD3DColor(ramp.high);
    const float k = 1.0f - l;
    return {lo.r * k + hi.r * l, lo.g * k + hi.g * l, lo.b * k + hi.b * l, texel.a};
}

Rgba materialRampDiffuse(const MaterialRampState& ramp, const Rgba& diffuse) {
    if (achromatic(decodeD3DColor(ramp.low)) && achromatic(decodeD3DColor(ramp.high))) return diffuse;
    return {1.0f, 1.0f, 1.0f, diffuse.a};
}

}  // namespace refrast
