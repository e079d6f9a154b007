// SPDX-License-Identifier: MIT
// The pieces of the scene-file reader (docs/scene-format.md), one per file.
#pragma once

#include "formats/json_reader.h"
#include "refrast/scene.h"

#include <string>
#include <vector>

namespace refrast::scene_json {

// The most vertices one vertex list, buffer view or draw may hold (2^26).
inline constexpr size_t kMaxVertices = size_t(1) << 26;

// A loaded external buffer ("buffers": [{"uri", "byte_length"}]).
struct Buffer {
    std::string uri;
    std::vector<uint8_t> bytes;
};

struct Context {
    std::string file;      // the scene file, for messages
    std::string directory; // where relative URIs resolve
    std::vector<Buffer> buffers;
};

std::vector<Buffer> parseBuffers(const json::Node& node, const std::string& directory);
// Charges a width x height surface's render memory against the budget (formats/resource_budget.h).
void chargeSurface(int width, int height, const json::Node& node);
// The rest of a version 2 file's top-level object (docs/scene-format.md, version 2).
void loadSceneV2(json::Object& root, Context& ctx, Scene& scene);
RenderTargetDesc parseTarget(const json::Node& node);
// A D3DVIEWPORT9 object: x, y, width, height, min_z, max_z.
Viewport parseViewport(const json::Node& node);
// The gate; a mask path resolves against `directory`, regions must fit `target`.
GateSpec parseGate(const json::Node& node, const std::string& directory, const RenderTargetDesc& target);
void parseVertices(const json::Node& node, const Context& ctx, VertexData& out);
void parseIndices(const json::Node& node, const Context& ctx, size_t vertexCount, Draw& out);
DrawTransform parseTransform(const json::Node& node);
// A D3DMATRIX: 16 numbers, row by row (_11 _12 _13 _14 _21 ...).
Mat4 parseMatrix(const json::Node& node);
void parseDrawState(const json::Node& node, DrawState& out);
// A D3DPRIMITIVETYPE: POINTLIST, LINELIST, LINESTRIP, TRIANGLELIST, TRIANGLESTRIP, TRIANGLEFAN.
PrimitiveType parsePrimitiveType(const json::Node& node);
// The "sfx" array: one Draw per entry, in entry order (docs/sfx.md "Drawing
// effects in scenes"); an entry without "time" shows the scene's time.
std::vector<Draw> parseSfxEntries(const json::Node& node, const Context& ctx, const std::vector<Texture>& textures,
                                  float sceneTime);

}  // namespace refrast::scene_json
