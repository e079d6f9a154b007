// SPDX-License-Identifier: MIT
#include "raster/pixel/fog.h"

#include "raster/pixel/fog.inl"  // the fog formulas over lanes, here at width 1

#include <cmath>

namespace refrast {

FogSource fogSource(const FogState& fog, bool pretransformed) {
    if (!fog.enable) return FogSource::None;
    if (fog.tableMode != FogMode::None) return FogSource::Table;  // "only table fog applies" (DX7 SDK)
    if (fog.vertexMode != FogMode::None && !pretransformed) return FogSource::Vertex;
    return FogSource::SpecularAlpha;  // XYZRHW or no mode: start/end ignored
}

bool projectionUsesWFog(const Mat4& projection) {
    // [WINE-UTIL] ortho_fog: _14 == 0 && _24 == 0 && _34 == 0 && _44 == 1, exact compares.
    const bool affine = projection(0, 3) == 0.0f && projection(1, 3) == 0.0f && projection(2, 3) == 0.0f &&
                        projection(3, 3) == 1.0f;
    return !affine;
}

TableFogInput tableFogInput(bool pretransformed, const Mat4& projection, XyzrhwTableFog rule) {
    if (pretransformed) return rule == XyzrhwTableFog::Z ? TableFogInput::Z : TableFogInput::W;
    return projectionUsesWFog(projection) ? TableFogInput::W : TableFogInput::Z;
}

float vertexFogDistance(const Vec3& posView, bool rangeFogEnable) {
    if (!rangeFogEnable) return std::fabs(posView.z());
    const float x = posView.x(), y = posView.y(), z = posView.z();
    return std::sqrt((x * x + y * y) + z * z);  // fixed order; sqrt is correctly rounded
}

float fogEquation(FogMode mode, float d, float start, float end, float density) {
    return lanes_scalar::fogEquation(mode, d, start, end, density);
}

float squaredDistanceFog(float d, float start, float end) { return lanes_scalar::squaredDistanceFog(d, start, end); }

float vertexFogFactor(const FogState& fog, float distance) { return lanes_scalar::vertexFogFactor(fog, distance); }

float tableFogFactor(const FogState& fog, NegativeTableFog rule, float depth) {
    return lanes_scalar::tableFogFactor(fog, rule, depth);
}

float pixelFogFactor(const FogState& fog, const FixedFunctionOptions& options, FogSource source,
                     TableFogInput tableInput, const FogPixelInputs& in) {
    return lanes_scalar::pixelFogFactor(fog, options, source, tableInput,
                                        {in.depthZ, in.depthW, in.vertexFactor, in.vertexDistance, in.specularAlpha});
}

Rgba fogBlend(const Rgba& color, uint32_t fogColor, float f) {
    return lanes_scalar::toRgba(lanes_scalar::fogBlend(lanes_scalar::splatColor(color), decodeD3DColor(fogColor), f));
}

}  // namespace refrast
