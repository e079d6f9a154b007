// SPDX-License-Identifier: MIT
// Reading the pixel-pipeline part of a draw from scene JSON: the draw's "state"
// keys (D3D9 render-state names in lower case, enum values as D3D9 suffixes) and
// one entry of its "stages" array (D3DTSS_* names). docs/scene-format.md lists them.
#pragma once

#include "formats/json_reader.h"
#include "raster/state/pixel_state.h"

namespace refrast {

// Reads the keys it knows with state.optional(); the caller owns the Object and
// calls finish() once every reader has taken its keys.
void parsePixelState(json::Object& state, PixelState& out);

// The named divergence choices ("missingtexture": "DISABLEREST", ...); called by
// parsePixelState, usable on its own for a scene-wide options object.
void parseFixedFunctionOptions(json::Object& state, FixedFunctionOptions& out);

// One stage object, except its "texture" and "sampler" keys (read by the caller).
void parseTextureStageState(json::Object& stage, TextureStageState& out);

}  // namespace refrast
