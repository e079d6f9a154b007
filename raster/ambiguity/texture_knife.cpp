// SPDX-License-Identifier: MIT
// The texture criterion of the ambiguity map (raster/ambiguity/probe.h,
// docs/ambiguity.md): a sample is a knife edge when a nudge of its coordinate
// or its lambda that another honest sampler may make (thresholds.h) changes
// the sampled texel's 8-bit value. The nudged samples run the sampler itself.
#include "raster/ambiguity/probe.h"
#include "raster/ambiguity/thresholds.h"
#include "raster/pixel/sampler.h"

#include <cmath>

namespace refrast {

namespace {

// The sample's value in 8-bit steps, signed textures included (a comparison key).
bool sameSteps(const Rgba& a, const Rgba& b) {
    const auto step = [](float x) { return std::floor(x * 255.0f + 0.5f); };
    return step(a.r) == step(b.r) && step(a.g) == step(b.g) && step(a.b) == step(b.b) && step(a.a) == step(b.a);
}

// A discrete choice of the mip selection that differs: the MAG/MIN filter, or
// the level under MIPFILTER POINT (under LINEAR, a level boundary blends
// continuously and is no knife).
bool otherChoice(const SamplerState& sampler, const TextureLod& a, const TextureLod& b) {
    return a.filter != b.filter || (sampler.mipFilter == TextureFilter::Point && a.level != b.level);
}

bool textureKnife(const Texture& texture, const SamplerState& sampler, Vec2 duvdx, Vec2 duvdy, Vec2 uv) {
    const int32_t lambda = lodFixed(texture.levels[0], duvdx, duvdy) + lodBiasFixed(sampler.mipMapLodBias);
    const TextureLod lod = selectTextureLodAt(texture, sampler, lambda);
    const Rgba sample = sampleTextureLod(texture, sampler, lod, uv);
    for (const int32_t d : {-kLodKnifeSteps, kLodKnifeSteps}) {
        const TextureLod other = selectTextureLodAt(texture, sampler, lambda + d);
        if (otherChoice(sampler, lod, other) && !sameSteps(sample, sampleTextureLod(texture, sampler, other, uv)))
            return true;
    }
    // The coordinate nudged along each axis by the filter's threshold, in
    // texels of the selected level.
    const MipLevel& level = texture.levels[size_t(lod.level)];
    const float texels = lod.filter == TextureFilter::Linear ? kBilinearKnifeTexels : kPointKnifeTexels;
    const float du = texels / float(level.width), dv = texels / float(level.height);
    const Vec2 nudges[4] = {Vec2(-du, 0.0f), Vec2(du, 0.0f), Vec2(0.0f, -dv), Vec2(0.0f, dv)};
    for (const Vec2& n : nudges)
        if (!sameSteps(sample, sampleTextureLod(texture, sampler, lod, uv + n))) return true;
    return false;
}

}  // namespace

void AmbiguityProbe::texture(int x, int y, const Texture& t, const SamplerState& sampler, Vec2 duvdx, Vec2 duvdy,
                             Vec2 uv) const {
    if (textureKnife(t, sampler, duvdx, duvdy, uv)) {
        uint8_t& p = pending[size_t(y) * size_t(width) + size_t(x)];
        p = uint8_t(p | kKnifeTexture);
    }
}

}  // namespace refrast
