// SPDX-License-Identifier: MIT
// Inline vertices of a Direct3D 9 …UP draw made under a vertex declaration:
// the blob decoded element by element, in the declaration's order, into
// scene format 2's per-vertex arrays (docs/scene-format.md: an inline vertex
// holds each element's values in the declaration's order; FLOATn as n
// numbers, D3DCOLOR as the number, UBYTE4 as four integers).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace refrast::apitrace {

// `elements`: the capture's SetVertexDeclaration list ({"stream", "offset",
// "type", "usage", "usage_index"}, type without its D3DDECLTYPE_ prefix).
// Vertices [0, count) of `blob` at `stride`; throws std::runtime_error with a
// message (the caller adds the call) for an element of another stream than
// 0, a type scene format 2 does not read, a short blob or a non-finite float.
nlohmann::ordered_json declVertices(const nlohmann::ordered_json& elements, const std::string& blob, uint64_t stride,
                                    uint64_t count);

}  // namespace refrast::apitrace
