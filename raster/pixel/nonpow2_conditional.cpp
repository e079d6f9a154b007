// SPDX-License-Identifier: MIT
#include "raster/pixel/nonpow2_conditional.h"

namespace refrast {

namespace {

bool powerOfTwo(int n) { return n > 0 && (n & (n - 1)) == 0; }

TextureAddress withoutRepeat(TextureAddress mode) {
    return mode == TextureAddress::Wrap || mode == TextureAddress::Mirror ? TextureAddress::Clamp : mode;
}

}  // namespace

SamplerState nonPow2Sampler(const Texture& texture, const SamplerState& sampler, NonPow2Rule rule) {
    if (rule == NonPow2Rule::Unconditional || texture.levels.empty()) return sampler;
    const MipLevel& base = texture.levels[0];
    if (powerOfTwo(base.width) && powerOfTwo(base.height)) return sampler;
    SamplerState s = sampler;
    s.addressU = withoutRepeat(s.addressU);
    s.addressV = withoutRepeat(s.addressV);
    s.mipFilter = TextureFilter::None;
    return s;
}

}  // namespace refrast
