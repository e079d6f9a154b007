// SPDX-License-Identifier: MIT
// The scene file's "textures" array and per-stage sampler objects.
// Spec: docs/textures.md "Scene JSON" (the schema, with every key).
#pragma once

#include "formats/json_reader.h"
#include "raster/state/sampler_state.h"
#include "raster/state/stage_texture_binding.h"
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
// The sampler keys present in `o`, over the values `s` already holds (a
// version 2 SetSamplerState delta); the caller finishes `o`.
void readSamplerState(json::Object& o, SamplerState& s);

// The index of the texture named by a string node; fails naming the pointer.
int findTextureByName(const json::Node& nameNode, const std::vector<Texture>& textures);

// The stage keys "tiling", "scroll", "texturetransform" and "page_cell" alone
// (a version 2 SetTextureStageState delta; "page_cell" needs out.texture).
void parseStageTexcoordModifiers(json::Object& stage, const std::vector<Texture>& textures, StageTextureBinding& out);

// Reads the texture keys of one draws[].stages[] entry: "texture" (a name in
// `textures`), "sampler" (parseSamplerState), "tiling", "scroll" ([du, dv] per
// second), "texturetransform" (16 numbers, row by row) and "page_cell"
// (0..number of Page rects of the texture). Other keys are left for the
// caller's Object::finish().
void parseStageTexture(json::Object& stage, const std::vector<Texture>& textures, StageTextureBinding& out);

}  // namespace refrast
