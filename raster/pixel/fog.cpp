// SPDX-License-Identifier: MIT
#include "raster/pixel/fog.h"

#include "raster/pixel/det_math.h"

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
    switch (mode) {
        case FogMode::None: return 1.0f;
        case FogMode::Linear: return (end - d) / (end - start);  // (end - d) / (end - start)
        case FogMode::Exp: return detExp(-(density * d));       // e^(-density d)
        case FogMode::Exp2: {                                    // e^(-(density d)^2)
            const float t = density * d;
            return detExp(-(t * t));
        }
    }
    return 1.0f;
}

float squaredDistanceFog(float d, float start, float end) {
    if (d <= start) return 1.0f;
    if (d >= end) return 0.0f;
    return 1.0f - (d * d - start * start) / (end * end - start * start);
}

float vertexFogFactor(const FogState& fog, float distance) {
    if (fog.vertexMode == FogMode::Linear) {
        if (fog.squaredDistance) return squaredDistanceFog(distance, fog.start, fog.end);
        // [WINE-UTIL] get_fog_start_end: start == end with vertex fog fogs everything.
        if (fog.start == fog.end) return 0.0f;
    }
    return saturate(fogEquation(fog.vertexMode, distance, fog.start, fog.end, fog.density));
}

float tableFogFactor(const FogState& fog, NegativeTableFog rule, float depth) {
    const float d = rule == NegativeTableFog::Abs ? std::fabs(depth) : depth;
    // Reference §5.3: table fog with start == end: d < start unfogged, otherwise
    // fogged (Windows drivers disagree at d == start; R-12 picks fogged).
    if (fog.tableMode == FogMode::Linear && fog.start == fog.end) return d < fog.start ? 1.0f : 0.0f;
    return saturate(fogEquation(fog.tableMode, d, fog.start, fog.end, fog.density));
}

float pixelFogFactor(const FogState& fog, const FixedFunctionOptions& options, FogSource source,
                     TableFogInput tableInput, const FogPixelInputs& in) {
    switch (source) {
        case FogSource::None: return 1.0f;
        case FogSource::Table:
            return tableFogFactor(fog, options.negativeTableFog, tableInput == TableFogInput::Z ? in.depthZ : in.depthW);
        case FogSource::Vertex:
            if (options.vertexFogEvaluation == VertexFogEvaluation::PerPixel)
                return vertexFogFactor(fog, in.vertexDistance);
            return saturate(in.vertexFactor);
        case FogSource::SpecularAlpha: return saturate(in.specularAlpha);
    }
    return 1.0f;
}

Rgba fogBlend(const Rgba& color, uint32_t fogColor, float f) {
    const Rgba fc = decodeD3DColor(fogColor);
    const float g = 1.0f - f;
    return {f * color.r + g * fc.r, f * color.g + g * fc.g, f * color.b + g * fc.b, color.a};
}

}  // namespace refrast
