// SPDX-License-Identifier: MIT
// D3DDECLTYPE: how many bytes a vertex element of each type occupies, how a
// scene's inline vertex spells it, and the float4 it expands to. The one
// place that converts vertex element data: stream buffers and inline (…UP)
// vertices both go through expandElement (docs/scene-format.md,
// "SetVertexDeclaration" and "DrawPrimitiveUP").
#pragma once

#include "formats/json_reader.h"
#include "refrast/scene.h"

#include <cstdint>
#include <optional>
#include <string>

namespace refrast::scene_json {

// The D3DDECLTYPE values refrast reads (every one but D3DDECLTYPE_UNUSED);
// the numbers are the generated table's (formats/d3d), looked up by name.
enum class ElementType : uint8_t {
    Float1, Float2, Float3, Float4, D3DColor, UByte4, Short2, Short4, UByte4N, Short2N, Short4N, UShort2N, UShort4N,
    UDec3, Dec3N, Float16_2, Float16_4
};

// How an inline vertex writes one stored value of the type: the float, the
// DWORD (D3DCOLOR, UDEC3, DEC3N), a byte, a signed or unsigned 16-bit
// integer, or a 16-bit float as its bit pattern.
enum class InlineValue : uint8_t { Float, Dword, Byte, Int16, UInt16, HalfBits };

struct ElementTypeInfo {
    const char* name;    // without the D3DDECLTYPE_ prefix
    uint8_t bytes;       // in a vertex
    uint8_t components;  // the data components (the rest of the float4 is filled)
    uint8_t values;      // inline JSON values per vertex
    InlineValue value;
};

const ElementTypeInfo& elementTypeInfo(ElementType t);

// The type `node` names (suffix, full constant name or number); a
// D3DDECLTYPE that is not read (UNUSED) is "unsupported".
ElementType parseElementType(json::Node& node);

// The type of that name (suffix), if refrast reads it.
std::optional<ElementType> elementTypeNamed(const std::string& name);

// The float4 an element of `t` stored at `p` (little-endian) expands to.
Vec4 expandElement(ElementType t, const uint8_t* p);

// Writes inline value `k` of type `t`, read from `node`, into `bytes` as the
// element's stored bytes (so it expands as the same bytes in a buffer would).
void packInlineValue(ElementType t, int k, const json::Node& node, uint8_t* bytes);

}  // namespace refrast::scene_json
