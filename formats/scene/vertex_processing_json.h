// SPDX-License-Identifier: MIT
// Reading the vertex-processing state from scene JSON: the lighting render
// states of a draw's "state", its "lights" array and "material" object, with
// D3DLIGHT9 / D3DMATERIAL9 field names in lower case so an exporter copies
// the structs field by field. Version 2's SetLight / SetMaterial reuse
// parseLight and parseMaterial. docs/scene-format.md, docs/fixed-function.md §16.
#pragma once

#include "formats/json_reader.h"
#include "raster/state/vertex_processing_state.h"

namespace refrast::scene_json {

// D3DRS_LIGHTING, AMBIENT, COLORVERTEX, the four *MATERIALSOURCE states,
// LOCALVIEWER, NORMALIZENORMALS and the lighting divergence options. Reads
// the keys it knows with state.optional(); the caller calls finish().
void parseVertexProcessingState(json::Object& state, VertexProcessingState& out);

// A D3DCOLORVALUE: four floats [r, g, b, a] or a D3DCOLOR (number or "0xAARRGGBB").
ColorValue parseColorValue(const json::Node& node);

// The D3DLIGHT9 fields of `o` ("type", "diffuse", …, "phi"); fields not given
// keep the default light of LightEnable (raster/state/vertex_processing_state.h).
// Values D3D9's SetLight rejects are errors. The caller calls finish().
Light parseLightFields(json::Object& o);

// A version 1 draw's "lights": [{"index": 0..7, "enable": true, D3DLIGHT9 fields}].
void parseLights(const json::Node& node, VertexProcessingState& out);

// Version 2's SetLight {"index": 0..7, D3DLIGHT9 fields} (the light's enable
// flag is LightEnable's) and LightEnable {"index": 0..7, "enable": bool}; an
// index enabled without SetLight holds the default light.
void setLightCommand(const json::Node& arg, VertexProcessingState& out);
void lightEnableCommand(const json::Node& arg, VertexProcessingState& out);

// A version 1 draw's "clipplanes": up to 6 world-space planes [a, b, c, d],
// plane i = entry i (enabled by the state's "clipplaneenable" bits), and
// version 2's SetClipPlane {"index": 0..5, "plane": [a, b, c, d]}.
void parseClipPlanes(const json::Node& node, VertexProcessingState& out);
void setClipPlaneCommand(const json::Node& arg, VertexProcessingState& out);

// A D3DMATERIAL9 object {"diffuse", "ambient", "specular", "emissive", "power"};
// fields not given are 0.
Material parseMaterial(const json::Node& node);

}  // namespace refrast::scene_json
