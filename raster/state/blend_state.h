// SPDX-License-Identifier: MIT
// Alpha-blend render states with D3D9's enum values. Spec: D3DBLEND, D3DBLENDOP,
// D3DRS_ALPHABLENDENABLE, SRCBLEND, DESTBLEND, BLENDOP, SEPARATEALPHABLENDENABLE,
// SRCBLENDALPHA, DESTBLENDALPHA, BLENDOPALPHA, BLENDFACTOR (reference §0, §7).
#pragma once

#include <cstdint>

namespace refrast {

enum class Blend : uint8_t {  // D3DBLEND (D3D9Ex's SRCCOLOR2/INVSRCCOLOR2 are not fixed-function)
    Zero = 1,
    One = 2,
    SrcColor = 3,
    InvSrcColor = 4,
    SrcAlpha = 5,
    InvSrcAlpha = 6,
    DestAlpha = 7,
    InvDestAlpha = 8,
    DestColor = 9,
    InvDestColor = 10,
    SrcAlphaSat = 11,
    BothSrcAlpha = 12,
    BothInvSrcAlpha = 13,
    BlendFactor = 14,
    InvBlendFactor = 15,
};
static_assert(int(Blend::Zero) == 1 && int(Blend::DestColor) == 9 && int(Blend::SrcAlphaSat) == 11 &&
                  int(Blend::InvBlendFactor) == 15,
              "Blend must carry D3DBLEND_* values (d3d9types.h)");

enum class BlendOp : uint8_t {  // D3DBLENDOP
    Add = 1,
    Subtract = 2,
    RevSubtract = 3,
    Min = 4,
    Max = 5,
};
static_assert(int(BlendOp::Add) == 1 && int(BlendOp::Max) == 5, "BlendOp must carry D3DBLENDOP_* values");

struct BlendState {
    bool enable = false;                   // D3DRS_ALPHABLENDENABLE
    Blend srcBlend = Blend::One;           // D3DRS_SRCBLEND
    Blend destBlend = Blend::Zero;         // D3DRS_DESTBLEND
    BlendOp blendOp = BlendOp::Add;        // D3DRS_BLENDOP
    bool separateAlpha = false;            // D3DRS_SEPARATEALPHABLENDENABLE
    Blend srcBlendAlpha = Blend::One;      // D3DRS_SRCBLENDALPHA
    Blend destBlendAlpha = Blend::Zero;    // D3DRS_DESTBLENDALPHA
    BlendOp blendOpAlpha = BlendOp::Add;   // D3DRS_BLENDOPALPHA
    uint32_t blendFactor = 0xFFFFFFFF;     // D3DRS_BLENDFACTOR (D3DCOLOR)
};

}  // namespace refrast
