// SPDX-License-Identifier: MIT
// The per-stage sampler state (D3DSAMP_*), with D3D9's enum values and defaults.
// Spec: d3d9types.h D3DSAMPLERSTATETYPE, D3DTEXTUREFILTERTYPE, D3DTEXTUREADDRESS;
// defaults from fixed-function-reference §0 ([WINE-SB] init_default_sampler_states).
#pragma once

#include <cstdint>

namespace refrast {

enum class TextureFilter : uint8_t {  // D3DTEXTUREFILTERTYPE (the three fixed-function ones)
    None = 0,                          // D3DTEXF_NONE (only meaningful for MIPFILTER)
    Point = 1,                         // D3DTEXF_POINT
    Linear = 2,                        // D3DTEXF_LINEAR
};

enum class TextureAddress : uint8_t {  // D3DTEXTUREADDRESS
    Wrap = 1,                           // D3DTADDRESS_WRAP
    Mirror = 2,                         // D3DTADDRESS_MIRROR
    Clamp = 3,                          // D3DTADDRESS_CLAMP
    Border = 4,                         // D3DTADDRESS_BORDER
    MirrorOnce = 5,                     // D3DTADDRESS_MIRRORONCE
};

// d3d9types.h values, so a state dump maps one to one.
static_assert(uint8_t(TextureFilter::None) == 0 && uint8_t(TextureFilter::Point) == 1 &&
              uint8_t(TextureFilter::Linear) == 2);
static_assert(uint8_t(TextureAddress::Wrap) == 1 && uint8_t(TextureAddress::Mirror) == 2 &&
              uint8_t(TextureAddress::Clamp) == 3 && uint8_t(TextureAddress::Border) == 4 &&
              uint8_t(TextureAddress::MirrorOnce) == 5);

// D3DSAMP_ADDRESSU, ADDRESSV, BORDERCOLOR, MAGFILTER, MINFILTER, MIPFILTER,
// MIPMAPLODBIAS, MAXMIPLEVEL. Field defaults are D3D9's device defaults.
struct SamplerState {
    TextureAddress addressU = TextureAddress::Wrap;
    TextureAddress addressV = TextureAddress::Wrap;
    uint32_t borderColor = 0x00000000;  // D3DCOLOR 0xAARRGGBB
    TextureFilter magFilter = TextureFilter::Point;
    TextureFilter minFilter = TextureFilter::Point;
    TextureFilter mipFilter = TextureFilter::None;
    float mipMapLodBias = 0.0f;  // added to λ (in mip levels)
    int maxMipLevel = 0;         // index of the most detailed level allowed (0 = largest)
    bool operator==(const SamplerState&) const = default;
};

}  // namespace refrast
