// SPDX-License-Identifier: MIT
#include "raster/pixel/pixel_reads.h"

#include "raster/pixel/texture_stage.h"

namespace refrast {

namespace {

bool readsSpecular(const TextureStageState& t) {
    const TextureArgument args[6] = {t.colorArg0, t.colorArg1, t.colorArg2, t.alphaArg0, t.alphaArg1, t.alphaArg2};
    for (const TextureArgument& a : args)
        if (a.source == TextureArg::Specular) return true;
    return false;
}

}  // namespace

uint8_t boundStageMask(const PixelState& state) {
    uint8_t mask = 0;
    for (int s = 0; s < kMaxTextureStages; ++s)
        if (state.textures[size_t(s)].texture >= 0) mask |= uint8_t(1u << s);
    return mask;
}

uint8_t sampledStageMask(const PixelState& state) {
    const uint8_t bound = boundStageMask(state);
    const int count = activeStageCount(state, bound);
    return uint8_t(bound & ((1u << count) - 1u));
}

PixelReads pixelReads(const PixelState& state, const FogSelection& fog) {
    PixelReads r;
    const int count = activeStageCount(state, boundStageMask(state));
    r.specular = state.specularEnable || fog.source == FogSource::SpecularAlpha;
    for (int s = 0; s < count; ++s) r.specular = r.specular || readsSpecular(state.stages[size_t(s)]);
    const bool tableW = fog.source == FogSource::Table && fog.tableInput == TableFogInput::W;
    r.clipW = tableW && state.options.tableFogW == TableFogW::ClipW;
    r.eyeDepth = (tableW && !r.clipW) || state.depthFade.enable;
    r.fogVarying = fog.source == FogSource::Vertex;
    const uint8_t sampled = sampledStageMask(state);
    for (int s = 0; s < count; ++s)
        if (sampled >> s & 1) r.texcoordSets |= uint8_t(1u << state.stages[size_t(s)].texCoordIndex);
    return r;
}

}  // namespace refrast
