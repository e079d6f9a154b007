// SPDX-License-Identifier: MIT
// The fixed-function vertex-processing state of one draw: lighting, the
// material and its colour sources, the lights (D3DRS_LIGHTING, AMBIENT,
// COLORVERTEX, *MATERIALSOURCE, LOCALVIEWER, NORMALIZENORMALS; SetLight,
// LightEnable, SetMaterial) and the named lighting divergences.
// Spec: d3d9types.h (D3DLIGHTTYPE, D3DMATERIALCOLORSOURCE, D3DLIGHT9,
// D3DMATERIAL9); docs/fixed-function.md §16.
#pragma once

#include "raster/math/vec.h"

#include <array>
#include <cstdint>

namespace refrast {

// D3DLIGHTTYPE (d3d9types.h: D3DLIGHT_POINT = 1, SPOT = 2, DIRECTIONAL = 3).
enum class LightType : uint8_t { Point = 1, Spot = 2, Directional = 3 };

// D3DMATERIALCOLORSOURCE (d3d9types.h: D3DMCS_MATERIAL = 0, COLOR1 = 1, COLOR2 = 2).
enum class MaterialColorSource : uint8_t { Material = 0, Color1 = 1, Color2 = 2 };

// D3DCOLORVALUE: float r, g, b, a; may lie outside [0, 1] (negative "dark" lights).
struct ColorValue {
    float r = 0.0f, g = 0.0f, b = 0.0f, a = 0.0f;
};

// D3DLIGHT9, field by field (D3DLIGHT7 maps onto it: same fields, same meaning).
// The defaults are the light LightEnable creates for an index SetLight never
// set (D3D9 LightEnable doc; Wine's default light): a white directional light
// along +z with no specular or ambient part.
struct Light {
    LightType type = LightType::Directional;
    ColorValue diffuse{1.0f, 1.0f, 1.0f, 0.0f};
    ColorValue specular;
    ColorValue ambient;
    Vec3 position = Vec3(0, 0, 0);   // world space
    Vec3 direction = Vec3(0, 0, 1);  // world space, need not be normalised
    float range = 0.0f;
    float falloff = 0.0f;
    float attenuation0 = 0.0f, attenuation1 = 0.0f, attenuation2 = 0.0f;
    float theta = 0.0f;  // radians, inner cone (full angle)
    float phi = 0.0f;    // radians, outer cone (full angle)
};

// D3DMATERIAL9; a device starts with every field 0.
struct Material {
    ColorValue diffuse, ambient, specular, emissive;
    float power = 0.0f;
};

// D3D9 exposes 8 simultaneously active lights on every driver refrast models
// (D3DCAPS9.MaxActiveLights = 8 on the period's hardware and in Wine).
constexpr int kMaxActiveLights = 8;

// D3DCAPS9.MaxUserClipPlanes of the period's hardware (and of D3DCLIPPLANE0..5).
constexpr int kMaxUserClipPlanes = 6;

// Points where implementations disagree (docs/fixed-function.md §16.6).
enum class LightRangeRule : uint8_t {
    Cutoff,     // a vertex farther than Range gets nothing from the light ("Attenuation and Spotlight Factor"; default)
    Unlimited,  // Range ignored, as OpenGL fixed-function lights (no range) behave
};
enum class SpecularPowerZero : uint8_t {
    One,         // (N·H)^0 = 1 where N·L > 0 and N·H > 0: the formula as written (default)
    NoSpecular,  // Power 0 disables the specular term
};
enum class SpotFalloffRule : uint8_t {
    Power,   // ((rho − cos φ/2) / (cos θ/2 − cos φ/2))^Falloff (default)
    Linear,  // Falloff read as 1 (the D3DLIGHT9 doc: the curve's effect is subtle, most apps use 1)
};

struct LightingOptions {
    LightRangeRule lightRange = LightRangeRule::Cutoff;
    SpecularPowerZero specularPowerZero = SpecularPowerZero::One;
    SpotFalloffRule spotFalloff = SpotFalloffRule::Power;
};

// D3DRS_LIGHTING starts TRUE on a D3D9 device (the v2 device model uses
// this). Scene format version 1 predates lighting: its draws carry final
// vertex colours, so a version 1 draw is unlit unless its state says
// "lighting": true (docs/scene-format.md, docs/fixed-function.md §16.1).
constexpr bool kD3D9LightingDefault = true;

// D3DVERTEXBLENDFLAGS (d3d9types.h): D3DVBF_DISABLE, 1WEIGHTS, 2WEIGHTS,
// 3WEIGHTS, 0WEIGHTS; D3DVBF_TWEENING is unsupported. The value is the number
// of weights read from each vertex (Weights0 blends one matrix, weight 1).
enum class VertexBlend : uint8_t { Disable, Weights1, Weights2, Weights3, Weights0 };

struct VertexProcessingState {
    bool lighting = false;           // D3DRS_LIGHTING (version 1 default, see above)
    uint32_t ambient = 0x00000000;   // D3DRS_AMBIENT, D3DCOLOR
    bool colorVertex = true;         // D3DRS_COLORVERTEX
    MaterialColorSource diffuseMaterialSource = MaterialColorSource::Color1;    // D3DRS_DIFFUSEMATERIALSOURCE
    MaterialColorSource specularMaterialSource = MaterialColorSource::Color2;   // D3DRS_SPECULARMATERIALSOURCE
    MaterialColorSource ambientMaterialSource = MaterialColorSource::Material;  // D3DRS_AMBIENTMATERIALSOURCE
    MaterialColorSource emissiveMaterialSource = MaterialColorSource::Material; // D3DRS_EMISSIVEMATERIALSOURCE
    bool localViewer = true;         // D3DRS_LOCALVIEWER
    bool normalizeNormals = false;   // D3DRS_NORMALIZENORMALS
    std::array<Light, kMaxActiveLights> lights{};         // SetLight(index)
    std::array<bool, kMaxActiveLights> lightEnabled{};    // LightEnable(index)
    Material material;               // SetMaterial
    uint32_t clipPlaneEnable = 0;    // D3DRS_CLIPPLANEENABLE: bit i enables plane i (D3DCLIPPLANE0..5)
    std::array<Vec4, kMaxUserClipPlanes> clipPlanes{};  // SetClipPlane, world space (a, b, c, d)
    VertexBlend vertexBlend = VertexBlend::Disable;      // D3DRS_VERTEXBLEND
    bool indexedVertexBlendEnable = false;               // D3DRS_INDEXEDVERTEXBLENDENABLE
    // The device cap D3DPMISCCAPS_CLIPTLVERTS, an option: XYZRHW primitives
    // are clipped to 0 <= z <= 1 too (docs/fixed-function.md §1). Off: they
    // are not, their depth is clamped (a device without the cap; default).
    bool clipTLVerts = false;
    LightingOptions options;
};

}  // namespace refrast
