// SPDX-License-Identifier: MIT
// Fog: which factor applies, the vertex fog factor (per vertex), the table fog
// factor (per pixel, on z or w) and the fog blend on rgb.
// Spec: D3DRS_FOG*, RANGEFOGENABLE; fixed-function reference §5.2-§5.4,
// legacy-behaviours §3 (W fog vs z fog), §4.3 (squared-distance fog); rules.
// Implements: LINEAR/EXP/EXP2 vertex and table fog, range fog, XYZRHW rules,
// start == end, the squared-distance extension. Does not implement: fog on
// D3DFMT targets other than RGBA8, programmable-shader fog.
#pragma once

#include "raster/math/vec.h"
#include "raster/pixel/rgba.h"
#include "raster/state/fixed_function_options.h"
#include "raster/state/fog_state.h"

namespace refrast {

// Where the fog factor f of a pixel comes from (reference §5.2, Wine "Fog Rules").
enum class FogSource : uint8_t {
    None,           // FOGENABLE off: no fog
    Table,          // FOGTABLEMODE != NONE: tableFogFactor per pixel
    Vertex,         // untransformed vertices, FOGVERTEXMODE != NONE: vertexFogFactor per vertex, interpolated
    SpecularAlpha,  // otherwise: f = interpolated specular alpha
};
FogSource fogSource(const FogState& fog, bool pretransformed);

// The table-fog depth: device z or eye w.
enum class TableFogInput : uint8_t { Z, W };

// Reference §5.4: a projection whose column 4 (_14, _24, _34, _44) is exactly
// (0, 0, 0, 1) is affine and fogs on z; any other projection fogs on w.
bool projectionUsesWFog(const Mat4& projection);

TableFogInput tableFogInput(bool pretransformed, const Mat4& projection, XyzrhwTableFog rule);

// Vertex fog distance from the eye-space position: |z| (the abs comes before the
// equation), or |P| with RANGEFOGENABLE.
float vertexFogDistance(const Vec3& posView, bool rangeFogEnable);

// The fog equation of `mode` at distance d (not saturated): LINEAR (end - d) /
// (end - start), EXP e^(-density d), EXP2 e^(-(density d)^2), NONE 1.
float fogEquation(FogMode mode, float d, float start, float end, float density);

// Legacy §4.3: 1 for d <= s, 0 for d >= e, else 1 - (d^2 - s^2) / (e^2 - s^2).
float squaredDistanceFog(float d, float start, float end);

// The saturated vertex fog factor of one vertex at distance d (FOGVERTEXMODE).
float vertexFogFactor(const FogState& fog, float distance);

// The saturated table fog factor of one pixel at table depth d (FOGTABLEMODE).
float tableFogFactor(const FogState& fog, NegativeTableFog rule, float depth);

// The per-pixel values the fog factor can come from (interpolated by the rasterizer).
struct FogPixelInputs {
    float depthZ = 0.0f;          // device depth before any clamp (table fog on z)
    float depthW = 1.0f;          // eye depth w: eye-space z, or 1/rhw for XYZRHW (table fog on w)
    float vertexFactor = 1.0f;    // interpolated vertexFogFactor (PerVertex evaluation)
    float vertexDistance = 0.0f;  // interpolated vertexFogDistance (PerPixel evaluation)
    float specularAlpha = 1.0f;   // interpolated specular alpha
};

// The saturated fog factor f of one pixel (1 = no fog) for `source` (fogSource)
// and the table input (tableFogInput).
float pixelFogFactor(const FogState& fog, const FixedFunctionOptions& options, FogSource source,
                     TableFogInput tableInput, const FogPixelInputs& in);

// rgb = f * rgb + (1 - f) * fogcolor.rgb; alpha untouched (the fog colour's alpha is ignored).
Rgba fogBlend(const Rgba& color, uint32_t fogColor, float f);

}  // namespace refrast
