// SPDX-License-Identifier: MIT
#include "raster/pixel/bump_env_map.h"

namespace refrast {

BumpEnvOffset bumpEnvMap(const TextureStageState& bumpStage, const Rgba& bumpTexel) {
    const float du = bumpTexel.r, dv = bumpTexel.g;
    BumpEnvOffset out;
    out.du = bumpStage.bumpEnvMat00 * du + bumpStage.bumpEnvMat10 * dv;  // u' = u + M00 du + M10 dv
    out.dv = bumpStage.bumpEnvMat01 * du + bumpStage.bumpEnvMat11 * dv;  // v' = v + M01 du + M11 dv
    if (bumpStage.colorOp == TextureOp::BumpEnvMapLuminance)
        out.luminanceScale = saturate(bumpTexel.b * bumpStage.bumpEnvLScale + bumpStage.bumpEnvLOffset);
    return out;
}

PerturbedTexcoord perturbTexcoord(const BumpEnvOffset& offset, float u, float v, float q, bool projected) {
    // [WINE-GLSL] "texbem only divides the static texture coordinate": (u + d q) / q.
    if (projected) return {(u + offset.du * q) / q, (v + offset.dv * q) / q};
    return {u + offset.du, v + offset.dv};
}

Rgba applyBumpLuminance(const Rgba& texel, float luminanceScale) {
    return saturate(Rgba{texel.r * luminanceScale, texel.g * luminanceScale, texel.b * luminanceScale,
                         texel.a * luminanceScale});
}

}  // namespace refrast
