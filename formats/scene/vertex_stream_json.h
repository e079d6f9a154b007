// SPDX-License-Identifier: MIT
// Version 2's vertex input: the layout (SetFVF / SetVertexDeclaration), the
// streams and index buffer bound to buffers, and the fetch of one draw's
// vertices into the pipeline's VertexData (docs/scene-format.md, version 2).
#pragma once

#include "formats/scene/scene_parse.h"
#include "formats/scene/vertex_element_type.h"

#include <array>
#include <cstdint>
#include <vector>

namespace refrast::scene_json {

struct VertexElement {
    enum class Usage : uint8_t { Position, PositionT, Normal, Diffuse, Specular, Texcoord, BlendWeight, BlendIndices };
    int stream = 0;
    int offset = 0;  // bytes within the stream's vertex
    ElementType type = ElementType::Float3;
    Usage usage = Usage::Position;
    int set = 0;  // texcoord set
    int components() const { return elementTypeInfo(type).components; }
    int bytes() const { return elementTypeInfo(type).bytes; }
};

struct VertexLayout {
    std::vector<VertexElement> elements;  // in D3D order (FVF) or declaration order
    bool set = false;
};

struct StreamBinding {
    int buffer = -1;
    size_t offset = 0, stride = 0;
};

struct IndexBinding {
    int buffer = -1;
    size_t offset = 0;
    int bytes = 2;
};

constexpr int kMaxStreams = 16;

VertexLayout parseFvf(const json::Node& node);
VertexLayout parseVertexDeclaration(const json::Node& node);

// Vertices [first, first + count) of the bound streams.
void fetchStreamVertices(const VertexLayout& layout, const std::array<StreamBinding, kMaxStreams>& streams,
                         const Context& ctx, int64_t first, size_t count, const json::Node& where, VertexData& out);

// A DrawPrimitiveUP's inline "vertices": one array per vertex, the layout's
// fields in order (every element must read stream 0).
void parseInlineVertices(const VertexLayout& layout, const json::Node& node, VertexData& out);

// Entries [start, start + count) of the bound index buffer.
std::vector<uint32_t> fetchIndices(const IndexBinding& ib, const Context& ctx, size_t start, size_t count,
                                   const json::Node& where);

}  // namespace refrast::scene_json
