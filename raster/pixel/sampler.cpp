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

// The scalar width of sample_span.inl's addressing (sample_span_scalar.cpp)
// and of texture_lod.inl's λ and mip selection (texture_lod_scalar.cpp).
namespace lanes_scalar {
int32_t addressTexel(TextureAddress mode, int32_t i, int n);
int32_t lodFixed(float dudx, float dvdx, float dudy, float dvdy, int width, int height);
TextureLod selectTextureLodAt(const Texture& texture, const SamplerState& sampler, int32_t lambda);
}

int addressTexel(TextureAddress mode, int i, int n) { return lanes_scalar::addressTexel(mode, i, n); }

int32_t lodFixed(const MipLevel& base, Vec2 duvdx, Vec2 duvdy) {
    return lanes_scalar::lodFixed(duvdx.x(), duvdx.y(), duvdy.x(), duvdy.y(), base.width, base.height);
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

TextureLod selectTextureLod(const Texture& texture, const SamplerState& sampler, Vec2 duvdx, Vec2 duvdy) {
    assert(!texture.levels.empty());
    return selectTextureLodAt(texture, sampler,
                              lodFixed(texture.levels[0], duvdx, duvdy) + lodBiasFixed(sampler.mipMapLodBias));
}

TextureLod selectTextureLodAt(const Texture& texture, const SamplerState& sampler, int32_t lambda) {
    return lanes_scalar::selectTextureLodAt(texture, sampler, lambda);
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
