// SPDX-License-Identifier: MIT
// The D3D9 texture sampler: address modes, point/bilinear, mip selection.
// Spec: fixed-function-reference §9; docs/textures.md rules T-6..T-11.
#include "raster/pixel/sampler.h"

#include "raster/math/log2_fixed.h"
#include "raster/texture/texel_decode.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace refrast {

namespace {

// Texel-space coordinates are clamped to ±2^30 before floor() so the int
// conversion is defined; NaN reads as 0 (rule T-6). At that magnitude a float
// has no fraction bits left, so the clamp changes no in-range result.
constexpr float kMaxTexelCoord = 1073741824.0f;

inline float texelSpace(float coord, int size) {
    const float x = coord * float(size);
    if (std::isnan(x)) return 0.0f;
    return std::clamp(x, -kMaxTexelCoord, kMaxTexelCoord);
}

// i mod n in [0, n). For a power of two n this is i & (n − 1) (two's
// complement), the same value without a division.
inline int positiveModulo(int i, int n) {
    if ((n & (n - 1)) == 0) return i & (n - 1);
    const int r = i % n;
    return r < 0 ? r + n : r;
}

// Reference §9.2 (D3DTEXTUREADDRESS), applied per texel index.
inline int addressIndex(TextureAddress mode, int i, int n) {
    switch (mode) {
        case TextureAddress::Wrap: return positiveModulo(i, n);  // i mod N
        case TextureAddress::Mirror: {                           // period 2N, reflected second half
            const int j = positiveModulo(i, 2 * n);
            return j < n ? j : 2 * n - 1 - j;
        }
        case TextureAddress::Clamp: return std::clamp(i, 0, n - 1);  // edge texel, never border
        case TextureAddress::Border: return (i < 0 || i >= n) ? kBorderTexel : i;
        case TextureAddress::MirrorOnce: return std::clamp(i < 0 ? -i - 1 : i, 0, n - 1);  // mirror once, then clamp
    }
    return std::clamp(i, 0, n - 1);
}

// Filtering works on Rgba (four plain floats) so a sample stays in registers.
Rgba decodeColor32(uint32_t argb) {
    return {kUnorm8Decode[(argb >> 16) & 0xFF], kUnorm8Decode[(argb >> 8) & 0xFF], kUnorm8Decode[argb & 0xFF],
            kUnorm8Decode[argb >> 24]};
}

// The texel at addressed indices (x, y); a border index on either axis gives BORDERCOLOR.
inline Rgba texelAt(const MipLevel& level, const TexelDecoder& decode, const SamplerState& sampler, int x, int y) {
    if (x == kBorderTexel || y == kBorderTexel) return decodeColor32(sampler.borderColor);
    return decodeTexel(&level.rgba[(size_t(y) * size_t(level.width) + size_t(x)) * size_t(decode.bytes)], decode);
}

inline bool wrapsPowerOfTwo(const SamplerState& sampler, const MipLevel& level) {
    return sampler.addressU == TextureAddress::Wrap && sampler.addressV == TextureAddress::Wrap &&
           (level.width & (level.width - 1)) == 0 && (level.height & (level.height - 1)) == 0;
}

// lerp(a, b, t) = a + t·(b − a), per channel, in this operation order.
inline Rgba lerp(const Rgba& a, const Rgba& b, float t) {
    return {a.r + t * (b.r - a.r), a.g + t * (b.g - a.g), a.b + t * (b.b - a.b), a.a + t * (b.a - a.a)};
}

// Point: i = floor(u·N), j = floor(v·M) (reference §9.3).
inline Rgba samplePoint(const Texture& texture, const MipLevel& level, const SamplerState& sampler, Vec2 uv) {
    const int i = int(std::floor(texelSpace(uv.x(), level.width)));
    const int j = int(std::floor(texelSpace(uv.y(), level.height)));
    const int x = addressIndex(sampler.addressU, i, level.width), y = addressIndex(sampler.addressV, j, level.height);
    return texelAt(level, texelDecoder(texture.encoding), sampler, x, y);
}

// The bilinear weight of the right/lower texel, quantised to 8 fraction bits:
// floor(α · 256) / 256 (rule T-7). α = x − floor(x) is exact in float.
inline float quantisedWeight(float x, float floorX) {
    constexpr float kScale = float(1 << kSubtexelFractionBits);
    return std::floor((x - floorX) * kScale) / kScale;
}

// Bilinear: x = u·N − 0.5, i0 = floor(x), α = x − i0; lerp of lerps (reference §9.3).
[[gnu::always_inline]] inline Rgba sampleBilinear(const Texture& texture, const MipLevel& level,
                                                  const SamplerState& sampler, Vec2 uv) {
    const float x = texelSpace(uv.x(), level.width) - 0.5f;
    const float y = texelSpace(uv.y(), level.height) - 0.5f;
    const float x0 = std::floor(x), y0 = std::floor(y);
    const float alpha = quantisedWeight(x, x0), beta = quantisedWeight(y, y0);
    const int i0 = int(x0), j0 = int(y0);
    const TexelDecoder& decode = texelDecoder(texture.encoding);
    if (wrapsPowerOfTwo(sampler, level)) {
        // WRAP on power-of-two sides: i mod N = i & (N − 1) (positiveModulo)
        // and no border texel, so rows and columns index the level directly.
        const size_t texel = size_t(decode.bytes), rowBytes = size_t(level.width) * texel;
        const uint8_t* rowA = &level.rgba[size_t(j0 & (level.height - 1)) * rowBytes];
        const uint8_t* rowB = &level.rgba[size_t((j0 + 1) & (level.height - 1)) * rowBytes];
        const size_t xa = size_t(i0 & (level.width - 1)) * texel, xb = size_t((i0 + 1) & (level.width - 1)) * texel;
        const Rgba top = lerp(decodeTexel(rowA + xa, decode), decodeTexel(rowA + xb, decode), alpha);
        const Rgba bottom = lerp(decodeTexel(rowB + xa, decode), decodeTexel(rowB + xb, decode), alpha);
        return lerp(top, bottom, beta);
    }
    // Each axis addressed once: columns xa = i0, xb = i0 + 1; rows ya = j0, yb = j0 + 1.
    const int xa = addressIndex(sampler.addressU, i0, level.width);
    const int xb = addressIndex(sampler.addressU, i0 + 1, level.width);
    const int ya = addressIndex(sampler.addressV, j0, level.height);
    const int yb = addressIndex(sampler.addressV, j0 + 1, level.height);
    const Rgba top = lerp(texelAt(level, decode, sampler, xa, ya), texelAt(level, decode, sampler, xb, ya), alpha);
    const Rgba bottom = lerp(texelAt(level, decode, sampler, xa, yb), texelAt(level, decode, sampler, xb, yb), alpha);
    return lerp(top, bottom, beta);
}

[[gnu::always_inline]] inline Rgba filterLevel(const Texture& texture, int level, TextureFilter filter,
                                               const SamplerState& sampler, Vec2 uv) {
    const MipLevel& mip = texture.levels[size_t(level)];
    if (filter == TextureFilter::Linear) return sampleBilinear(texture, mip, sampler, uv);
    return samplePoint(texture, mip, sampler, uv);
}

Vec4 toVec4(const Rgba& c) { return Vec4(c.r, c.g, c.b, c.a); }

}  // namespace

int addressTexel(TextureAddress mode, int i, int n) { return addressIndex(mode, i, n); }

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
    return toVec4(filterLevel(texture, level, filter, sampler, uv));
}

// Reference §9.4: λ ≤ 0 magnifies (MAGFILTER), λ > 0 minifies (MINFILTER);
// MIPFILTER NONE reads level 0 and ignores MAXMIPLEVEL; POINT takes the level
// nearest λ (floor(λ + 0.5)); LINEAR blends floor(λ) and floor(λ) + 1 by
// frac(λ). Levels are clamped to [MAXMIPLEVEL, levels − 1] (rule T-10).
TextureLod selectTextureLod(const Texture& texture, const SamplerState& sampler, Vec2 duvdx, Vec2 duvdy) {
    assert(!texture.levels.empty());
    const int32_t lambda = lodFixed(texture.levels[0], duvdx, duvdy) + lodBiasFixed(sampler.mipMapLodBias);
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

Rgba sampleTextureLod(const Texture& texture, const SamplerState& sampler, const TextureLod& lod, Vec2 uv) {
    const Rgba near = filterLevel(texture, lod.level, lod.filter, sampler, uv);
    if (lod.fraction == 0) return near;
    constexpr float kOne = float(1 << kLodFractionBits);
    const Rgba far = filterLevel(texture, lod.level + 1, lod.filter, sampler, uv);
    return lerp(near, far, float(lod.fraction) / kOne);
}

Vec4 sampleTexture(const Texture& texture, const SamplerState& sampler, Vec2 uv, Vec2 duvdx, Vec2 duvdy) {
    return toVec4(sampleTextureLod(texture, sampler, selectTextureLod(texture, sampler, duvdx, duvdy), uv));
}

}  // namespace refrast
