// SPDX-License-Identifier: MIT
// Named choices for the points where D3D9 implementations disagree. The
// defaults are the behaviour Windows drivers showed (or, where untested, the
// one docs/fixed-function.md §11 argues for); each alternative reproduces
// another implementation. Spec: fixed-function reference §11.
#pragma once

#include <cstdint>

namespace refrast {

// A stage whose op reads TEXTURE through an argument while no texture is bound.
enum class MissingTextureRule : uint8_t {
    PassThroughStage,  // Wine: that op becomes SELECTARG1(CURRENT); later stages run (default)
    DisableRest,       // DXVK: the stage and all later stages act as DISABLE
};

// The specular colour of vertices without a specular component.
enum class MissingSpecular : uint8_t {
    ZeroRgbAlphaOne,  // rgb 0, alpha 1 = "no fog" when alpha is the fog factor (DXVK; default)
    Zero,             // (0, 0, 0, 0): Wine and Gallium Nine default attribute
    White,            // 0xFFFFFFFF: the D3D8 "Texture Argument Flags" doc
};

// Where the vertex fog equation (LINEAR/EXP/EXP2) is evaluated.
enum class VertexFogEvaluation : uint8_t {
    PerVertex,  // Windows (test_fog_interpolation) and DXVK: factor interpolated (default)
    PerPixel,   // Wine: distance interpolated, equation per pixel
};

// The last active stage has RESULTARG = TEMP.
enum class LastStageTemp : uint8_t {
    KeepCurrent,   // Wine: the output is the unchanged CURRENT (default, the D3D register model)
    WriteCurrent,  // DXVK: the last stage always writes CURRENT
};

// D3DTOP_PREMODULATE.
enum class PremodulateRule : uint8_t {
    ModulateNextTexture,  // D3DTEXTUREOP doc, DXVK, Nine: next stage reads CURRENT * its TEXTURE (default)
    SelectArg1,           // the stage outputs ARG1 and the next stage sees it unmodulated
};

// Table fog for pretransformed (XYZRHW) vertices.
enum class XyzrhwTableFog : uint8_t {
    Z,  // Windows (test_table_fog_zw): the vertex z, rhw ignored (default)
    W,  // DXVK: "PositionT also implies W fog"
};

// A negative table-fog depth.
enum class NegativeTableFog : uint8_t {
    Keep,  // Windows: no abs, the factor saturates (default)
    Abs,   // GeForce 8+: |d|
};

// Table fog in W mode for untransformed vertices: the vertex's clip-space w, as
// hardware reads it (legacy-behaviours corrections, "W fog"), or eye-space z,
// which equals it only for a "W-friendly" projection (_34 = 1, _44 = 0).
enum class TableFogW : uint8_t {
    ClipW,  // w_clip = posView · projection column 4 (default)
    EyeZ,   // eye-space z (refrast before scene format 2)
};

// λ of a cube-texture quad whose pixels select different faces
// (docs/fixed-function.md §14.1, rule T-26).
enum class CubeLodRule : uint8_t {
    QuotientRule,    // pixel 0's face, derivatives of its (s, t) by the quotient rule on the direction differences (default)
    FaceDifference,  // differences of each pixel's own face-local (s, t): jumps where the quad straddles a face edge
};

// A texture whose sides are not powers of two (docs/textures.md §4, rule T-10a).
enum class NonPow2Rule : uint8_t {
    Unconditional,  // a device with full non-power-of-two support: sampled like any texture (default)
    Conditional,    // D3DPTEXTURECAPS_NONPOW2CONDITIONAL: WRAP and MIRROR act as CLAMP, mipmaps are not used
};

struct FixedFunctionOptions {
    MissingTextureRule missingTexture = MissingTextureRule::PassThroughStage;
    MissingSpecular missingSpecular = MissingSpecular::ZeroRgbAlphaOne;
    VertexFogEvaluation vertexFogEvaluation = VertexFogEvaluation::PerVertex;
    LastStageTemp lastStageTemp = LastStageTemp::KeepCurrent;
    PremodulateRule premodulate = PremodulateRule::ModulateNextTexture;
    XyzrhwTableFog xyzrhwTableFog = XyzrhwTableFog::Z;
    NegativeTableFog negativeTableFog = NegativeTableFog::Keep;
    TableFogW tableFogW = TableFogW::ClipW;
    CubeLodRule cubeLod = CubeLodRule::QuotientRule;
    NonPow2Rule nonPow2 = NonPow2Rule::Unconditional;
};

}  // namespace refrast
