// SPDX-License-Identifier: MIT
// Reading the pixel-pipeline part of a draw from scene JSON: the draw's "state"
// keys (D3D9 render-state names in lower case, enum values as D3D9 suffixes) and
// one entry of its "stages" array (D3DTSS_* names). docs/scene-format.md lists them.
#pragma once

#include "formats/json_reader.h"
#include "raster/state/pixel_state.h"
#include "raster/texture/texture.h"

#include <vector>

namespace refrast {

// Reads the keys it knows with state.optional(); the caller owns the Object and
// calls finish() once every reader has taken its keys.
void parsePixelState(json::Object& state, PixelState& out);

// The named divergence choices ("missingtexture": "DISABLEREST", ...); called by
// parsePixelState, usable on its own for a scene-wide options object.
void parseFixedFunctionOptions(json::Object& state, FixedFunctionOptions& out);

// One stage object, except its "texture" and "sampler" keys (read by the caller).
void parseTextureStageState(json::Object& stage, TextureStageState& out);

// A draw's "stages" array (at most 8 entries, stage i = entry i): each entry's
// D3DTSS_* keys (parseTextureStageState) and texture keys (parseStageTexture,
// docs/textures.md §3). Stages past the array keep D3D9's defaults.
void parseTextureStages(const json::Node& stages, const std::vector<Texture>& textures, PixelState& out);

}  // namespace refrast
