// SPDX-License-Identifier: MIT
// The fog factor and the fog blend over lanes (fog.h), one formula each as in
// fixed-function reference §5.2-§5.4; EXP and EXP2 through detExp over
// lanes (det_math.inl). Compiled once per SIMD level (shade_span_<level>.cpp)
// and at width 1 by fog.cpp, whose scalar functions are this code.
#pragma once
// (Calls name their namespace: at width 1 F is float, and the FogState
// arguments would otherwise find fog.h's scalar overloads too.)

#include "raster/pixel/color_lanes.inl"
#include "raster/pixel/det_math.inl"
#include "raster/pixel/fog.h"

namespace refrast::REFRAST_LANES_NS {

// FogPixelInputs over lanes.
struct FogLanes {
    F depthZ, depthW, vertexFactor, vertexDistance, specularAlpha;
};

// The fog equation of `mode` at distance d (not saturated): LINEAR (end - d) /
// (end - start), EXP e^(-density d), EXP2 e^(-(density d)^2), NONE 1.
inline F fogEquation(FogMode mode, F d, float start, float end, float density) {
    switch (mode) {
        case FogMode::None: return splat(1.0f);
        case FogMode::Linear: return (splat(end) - d) / (splat(end) - splat(start));  // (end - d) / (end - start)
        case FogMode::Exp: return REFRAST_LANES_NS::detExp(-(splat(density) * d));  // e^(-density d)
        case FogMode::Exp2: {                                                          // e^(-(density d)^2)
            const F t = splat(density) * d;
            return REFRAST_LANES_NS::detExp(-(t * t));
        }
    }
    return splat(1.0f);
}

// Legacy §4.3: 1 for d <= s, 0 for d >= e, else 1 - (d^2 - s^2) / (e^2 - s^2).
inline F squaredDistanceFog(F d, float start, float end) {
    const F s = splat(start), e = splat(end);
    const F f = splat(1.0f) - (d * d - s * s) / (e * e - s * s);
    return select(d <= s, splat(1.0f), select(d >= e, splat(0.0f), f));
}

// The saturated vertex fog factor at distance d (FOGVERTEXMODE).
inline F vertexFogFactor(const FogState& fog, F distance) {
    if (fog.vertexMode == FogMode::Linear) {
        if (fog.squaredDistance) return REFRAST_LANES_NS::squaredDistanceFog(distance, fog.start, fog.end);
        // [WINE-UTIL] get_fog_start_end: start == end with vertex fog fogs everything.
        if (fog.start == fog.end) return splat(0.0f);
    }
    return saturate(REFRAST_LANES_NS::fogEquation(fog.vertexMode, distance, fog.start, fog.end, fog.density));
}

// The saturated table fog factor at table depth d (FOGTABLEMODE).
inline F tableFogFactor(const FogState& fog, NegativeTableFog rule, F depth) {
    const F d = rule == NegativeTableFog::Abs ? abs(depth) : depth;
    // Reference §5.3: table fog with start == end: d < start unfogged, otherwise
    // fogged (Windows drivers disagree at d == start; R-12 picks fogged).
    if (fog.tableMode == FogMode::Linear && fog.start == fog.end)
        return select(d < splat(fog.start), splat(1.0f), splat(0.0f));
    return saturate(REFRAST_LANES_NS::fogEquation(fog.tableMode, d, fog.start, fog.end, fog.density));
}

// The saturated fog factor f (1 = no fog) for `source` and the table input.
inline F pixelFogFactor(const FogState& fog, const FixedFunctionOptions& options, FogSource source,
                        TableFogInput tableInput, const FogLanes& in) {
    switch (source) {
        case FogSource::None: return splat(1.0f);
        case FogSource::Table:
            return REFRAST_LANES_NS::tableFogFactor(fog, options.negativeTableFog, tableInput == TableFogInput::Z ? in.depthZ : in.depthW);
        case FogSource::Vertex:
            if (options.vertexFogEvaluation == VertexFogEvaluation::PerPixel) return REFRAST_LANES_NS::vertexFogFactor(fog, in.vertexDistance);
            return saturate(in.vertexFactor);
        case FogSource::SpecularAlpha: return saturate(in.specularAlpha);
    }
    return splat(1.0f);
}

// rgb = f * rgb + (1 - f) * fogcolor.rgb; alpha untouched (the fog colour's alpha is ignored).
inline Color fogBlend(const Color& c, const Rgba& fogColor, F f) {
    const F g = splat(1.0f) - f;
    return {f * c.r + g * splat(fogColor.r), f * c.g + g * splat(fogColor.g), f * c.b + g * splat(fogColor.b), c.a};
}

}  // namespace refrast::REFRAST_LANES_NS
