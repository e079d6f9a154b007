// SPDX-License-Identifier: MIT
// The rasterizer- and output-merger render states of one draw (D3DRS_*),
// defaulting to D3D9's device defaults ([WINE-SB] init_default_render_states).
#pragma once

#include "raster/state/d3d_enums.h"

#include <cstdint>

namespace refrast {

// D3DRS_CULLMODE, FILLMODE, SHADEMODE.
struct RasterizerState {
    CullMode cullMode = CullMode::CCW;
    FillMode fillMode = FillMode::Solid;
    ShadeMode shadeMode = ShadeMode::Gouraud;
};

// D3DRS_ZENABLE, ZFUNC, ZWRITEENABLE, depth bias. ZENABLE false also disables the write.
struct DepthState {
    bool zEnable = true;  // D3D9: TRUE when an auto depth buffer exists (a scene target always has one)
    Cmp zFunc = Cmp::LessEqual;
    bool zWriteEnable = true;
    // D3DRS_DEPTHBIAS, SLOPESCALEDEPTHBIAS (D3D7 ZBIAS sets depthBias): raster/output/depth_bias.h.
    float depthBias = 0.0f;
    float slopeScaleDepthBias = 0.0f;
};

// The ops of one face (D3DRS_STENCILFUNC/FAIL/ZFAIL/PASS or the CCW_ set).
struct StencilFaceState {
    Cmp func = Cmp::Always;
    StencilOp fail = StencilOp::Keep;
    StencilOp zFail = StencilOp::Keep;
    StencilOp pass = StencilOp::Keep;
};

// D3DRS_STENCILENABLE, STENCILREF, STENCILMASK, STENCILWRITEMASK,
// TWOSIDEDSTENCILMODE (+ CCW_STENCIL*).
struct StencilState {
    bool enable = false;
    uint32_t ref = 0;
    uint32_t mask = 0xFFFFFFFF;
    uint32_t writeMask = 0xFFFFFFFF;
    StencilFaceState front;  // clockwise (front) faces, and all faces unless two-sided
    bool twoSided = false;
    StencilFaceState back;   // counter-clockwise faces when two-sided
};

// D3DRS_SCISSORTESTENABLE + SetScissorRect (right/bottom exclusive).
struct ScissorState {
    bool enable = false;
    int left = 0, top = 0, right = 0, bottom = 0;
};

// D3DRS_POINTSIZE, POINTSIZE_MIN/MAX, POINTSCALEENABLE, POINTSCALE_A/B/C,
// POINTSPRITEENABLE: point primitives (docs/fixed-function.md §2.5).
struct PointState {
    float size = 1.0f;
    float sizeMin = 1.0f;
    float sizeMax = 64.0f;
    bool scaleEnable = false;
    float scaleA = 1.0f, scaleB = 0.0f, scaleC = 0.0f;
    bool spriteEnable = false;
};

// D3DRS_COLORWRITEENABLE bits: 1 red, 2 green, 4 blue, 8 alpha.
struct ColorWriteState {
    uint8_t mask = 0xF;
};

}  // namespace refrast
