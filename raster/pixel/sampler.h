// SPDX-License-Identifier: MIT
// Texture sampling exactly as the D3D9 fixed-function sampler specifies it.
// Spec: fixed-function-reference §9 (orientation, address modes, point and
// bilinear, mip selection); docs/textures.md rules T-6..T-11.
//
// Implements: MAG/MIN/MIPFILTER NONE/POINT/LINEAR (trilinear), ADDRESSU/V
// WRAP/MIRROR/CLAMP/BORDER/MIRRORONCE per texel index, BORDERCOLOR,
// MIPMAPLODBIAS, MAXMIPLEVEL; λ from the 2×2 quad's texcoord derivatives with
// 8 fractional bits; bilinear weights quantised to 8 fraction bits; signed
// (Snorm8) textures return signed values.
// Does not (and will not) implement: anisotropic filtering, cube and volume
// textures, D3DRS_WRAPn cylindrical wrapping, conditional non-power-of-2 caps.
#pragma once

#include "raster/math/vec.h"
#include "raster/pixel/rgba.h"
#include "raster/state/sampler_state.h"
#include "raster/texture/texture.h"

#include <cstdint>

namespace refrast {

constexpr int kLodFractionBits = 8;       // D3D11 MIP_LOD_FRACTIONAL_BIT_COUNT (reference §9.4)
constexpr int kSubtexelFractionBits = 8;  // D3D11 SUBTEXEL_FRACTIONAL_BIT_COUNT (reference §9.3)

// A texel index after the address mode: kBorderTexel means "use BORDERCOLOR".
constexpr int kBorderTexel = -1;
int addressTexel(TextureAddress mode, int i, int n);

// λ in 1/256 mip levels, before MIPMAPLODBIAS: round(log2(ρ) · 256) with
// ρ = max(|(∂u/∂x·W, ∂v/∂x·H)|, |(∂u/∂y·W, ∂v/∂y·H)|) for the base level W × H.
// (raster/pixel/texture_lod.inl at width 1, as is selectTextureLodAt.)
int32_t lodFixed(const MipLevel& base, Vec2 duvdx, Vec2 duvdy);

// MIPMAPLODBIAS in 1/256 levels: floor(bias · 256 + 0.5), bias clamped to ±64.
int32_t lodBiasFixed(float bias);

// One level with POINT or LINEAR filtering (NONE reads as POINT); returns
// (r, g, b, a) as floats: Unorm8 c / 255, Snorm8 max(c / 127, −1).
Vec4 sampleLevel(const Texture& texture, int level, TextureFilter filter, const SamplerState& sampler, Vec2 uv);

// The mip selection of one quad (reference §9.4, rule T-10): the filter of
// the level(s) and, for MIPFILTER LINEAR, the blend toward level + 1 in
// 1/256 (0: the level alone). Derivatives are per quad, so is this.
struct TextureLod {
    TextureFilter filter = TextureFilter::Point;  // MAGFILTER (λ ≤ 0) or MINFILTER
    int level = 0;
    int32_t fraction = 0;
};
TextureLod selectTextureLod(const Texture& texture, const SamplerState& sampler, Vec2 duvdx, Vec2 duvdy);
// The same selection for a given λ in 1/256 levels, MIPMAPLODBIAS included
// (selectTextureLod passes lodFixed + lodBiasFixed; the ambiguity map probes
// λ on either side, raster/ambiguity/texture_knife.h).
TextureLod selectTextureLodAt(const Texture& texture, const SamplerState& sampler, int32_t lambda);

// One pixel's sample at the quad's mip selection.
Rgba sampleTextureLod(const Texture& texture, const SamplerState& sampler, const TextureLod& lod, Vec2 uv);

// The full D3D9 sample: λ, MAG/MIN choice, mip selection, filtering
// (selectTextureLod, then sampleTextureLod).
// uv and the derivatives are in texcoord units (per screen pixel).
Vec4 sampleTexture(const Texture& texture, const SamplerState& sampler, Vec2 uv, Vec2 duvdx, Vec2 duvdy);

}  // namespace refrast
