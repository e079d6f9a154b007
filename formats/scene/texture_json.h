// SPDX-License-Identifier: MIT
// The scene file's "textures" array and per-stage sampler objects.
// Spec: docs/textures.md "Scene JSON" (the schema, with every key).
#pragma once

#include "formats/json_reader.h"
#include "raster/state/sampler_state.h"
#include "raster/texture/texture.h"
#include "raster/vertex/texcoord_transform.h"

#include <string>
#include <vector>

namespace refrast {

// Reads and decodes every texture entry (PNG, Texm, DDS, raw RGBA8 or
// generated), applying mip_skip, palettes and the "mips" policy. Relative file
// paths are resolved against sceneDir. Errors name the scene file and the JSON
// pointer, or the texture file and a byte offset for malformed texture files.
std::vector<Texture> parseTextures(const json::Node& texturesArray, const std::string& sceneDir);

// One sampler object: keys are the D3DSAMP_ names in lower case
// ("addressu": "WRAP", "magfilter": "LINEAR", "bordercolor": "0xAARRGGBB",
// "mipmaplodbias": -0.5, "maxmiplevel": 1, ...); absent keys keep D3D9's defaults.
SamplerState parseSamplerState(const json::Node& samplerObject);

// What one texture stage samples, and with which coordinate modifiers.
struct StageTextureBinding {
    int texture = -1;  // index into the scene's textures; -1 = no texture bound
    SamplerState sampler;
    TexcoordModifiers texcoord;  // transform2D is set from the stage's texturetransformflags by the caller
};

// Reads the texture keys of one draws[].stages[] entry: "texture" (a name in
// `textures`), "sampler" (parseSamplerState), "tiling", "scroll" ([du, dv] per
// second), "texturetransform" (16 numbers, row by row) and "page_cell"
// (0..number of Page rects of the texture). Other keys are left for the
// caller's Object::finish().
void parseStageTexture(json::Object& stage, const std::vector<Texture>& textures, StageTextureBinding& out);

}  // namespace refrast
