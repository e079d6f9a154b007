// SPDX-License-Identifier: MIT
// Inline vertices of a Direct3D 9 …UP draw made under a vertex declaration:
// the blob decoded element by element, in the declaration's order, into
// scene format 2's per-vertex arrays (docs/scene-format.md: an inline vertex
// holds each element's stored values in the declaration's order: FLOATn as
// n numbers, D3DCOLOR, UDEC3 and DEC3N as the DWORD, UBYTE4(N) as four
// bytes, SHORTn(N) and USHORTnN as n integers, FLOAT16_n as n bit patterns).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace refrast::apitrace {

// `elements`: the capture's SetVertexDeclaration list ({"stream", "offset",
// "type", "usage", "usage_index"}, type without its D3DDECLTYPE_ prefix).
// Vertices [0, count) of `blob` at `stride`; throws std::runtime_error with a
// message (the caller adds the call) for an element of another stream than
// 0, a type scene format 2 does not read (UNUSED), a short blob or a
// non-finite float (a FLOAT16 NaN or infinity is left to the loader's checks).
nlohmann::ordered_json declVertices(const nlohmann::ordered_json& elements, const std::string& blob, uint64_t stride,
                                    uint64_t count);

}  // namespace refrast::apitrace
