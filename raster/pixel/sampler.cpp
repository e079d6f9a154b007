// SPDX-License-Identifier: MIT
// The D3D9 texture sampler: address modes, point/bilinear, mip selection.
// Spec: fixed-function-reference §9; docs/textures.md rules T-6..T-11.
#include "raster/pixel/sampler.h"

#include "raster/math/log2_fixed.h"
#include "raster/pixel/sample_span.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace refrast {

// The scalar width of sample_span.inl's addressing (sample_span_scalar.cpp).
namespace lanes_scalar {
int32_t addressTexel(TextureAddress mode, int32_t i, int n);
}

int addressTexel(TextureAddress mode, int i, int n) { return lanes_scalar::addressTexel(mode, i, n); }

int32_t lodFixed(const MipLevel& base, Vec2 duvdx, Vec2 duvdy) {
    const float ax = duvdx.x() * float(base.width), ay = duvdx.y() * float(base.height);
    const float bx = duvdy.x() * float(base.width), by = duvdy.y() * float(base.height);
    const float lengthXSquared = ax * ax + ay * ay;
    const float lengthYSquared = bx * bx + by * by;
    const float rhoSquared = std::max(lengthXSquared, lengthYSquared);
    // log2(ρ) = log2(ρ²)/2: floor(log2(ρ²)·256) = floor(log2(ρ)·512), and
    // (that + 1) >> 1 rounds log2(ρ)·256 half up (rule T-9).
    return (log2Fixed(double(rhoSquared), kLodFractionBits) + 1) >> 1;
}

int32_t lodBiasFixed(float bias) {
    if (std::isnan(bias)) return 0;
    const float clamped = std::clamp(bias, -float(kLog2FixedLimit), float(kLog2FixedLimit));
    return int32_t(std::floor(clamped * float(1 << kLodFractionBits) + 0.5f));
}

Vec4 sampleLevel(const Texture& texture, int level, TextureFilter filter, const SamplerState& sampler, Vec2 uv) {
    const Rgba c = sampleTextureLod(texture, sampler, TextureLod{filter, level, 0}, uv);
    return Vec4(c.r, c.g, c.b, c.a);
}

// Reference §9.4: λ ≤ 0 magnifies (MAGFILTER), λ > 0 minifies (MINFILTER);
// MIPFILTER NONE reads level 0 and ignores MAXMIPLEVEL; POINT takes the level
// nearest λ (floor(λ + 0.5)); LINEAR blends floor(λ) and floor(λ) + 1 by
// frac(λ). Levels are clamped to [MAXMIPLEVEL, levels − 1] (rule T-10).
TextureLod selectTextureLod(const Texture& texture, const SamplerState& sampler, Vec2 duvdx, Vec2 duvdy) {
    assert(!texture.levels.empty());
    return selectTextureLodAt(texture, sampler,
                              lodFixed(texture.levels[0], duvdx, duvdy) + lodBiasFixed(sampler.mipMapLodBias));
}

TextureLod selectTextureLodAt(const Texture& texture, const SamplerState& sampler, int32_t lambda) {
    TextureLod lod;
    lod.filter = lambda <= 0 ? sampler.magFilter : sampler.minFilter;
    const int last = int(texture.levels.size()) - 1;
    // SetLOD removes the levels above `texture.lod` from the managed texture,
    // so even MIPFILTER NONE reads that level (rule T-10).
    if (sampler.mipFilter == TextureFilter::None) {
        lod.level = std::clamp(texture.lod, 0, last);
        return lod;
    }
    const int first = std::clamp(std::max(sampler.maxMipLevel, texture.lod), 0, last);
    constexpr int32_t kOne = 1 << kLodFractionBits;
    if (sampler.mipFilter == TextureFilter::Point) {
        lod.level = std::clamp(int((lambda + kOne / 2) >> kLodFractionBits), first, last);
        return lod;
    }
    const int32_t clamped = std::clamp(lambda, first * kOne, last * kOne);
    lod.level = int(clamped >> kLodFractionBits);
    lod.fraction = clamped & (kOne - 1);
    return lod;
}

// The filtering itself is sample_span.inl, here at width 1.
Rgba sampleTextureLod(const Texture& texture, const SamplerState& sampler, const TextureLod& lod, Vec2 uv) {
    SampleSpan in;
    in.count = 1;
    in.u[0] = uv.x();
    in.v[0] = uv.y();
    SampledSpan out;
    sampleSpan(SimdLevel::Scalar, texture, sampler, lod, in, out);
    return out.at(0);
}

Vec4 sampleTexture(const Texture& texture, const SamplerState& sampler, Vec2 uv, Vec2 duvdx, Vec2 duvdy) {
    const Rgba c = sampleTextureLod(texture, sampler, selectTextureLod(texture, sampler, duvdx, duvdy), uv);
    return Vec4(c.r, c.g, c.b, c.a);
}

}  // namespace refrast
