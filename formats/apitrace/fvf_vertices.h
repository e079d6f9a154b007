// SPDX-License-Identifier: MIT
// Inline vertices of the …UP draws: the blob a program passed, decoded by its
// FVF into scene format 2's per-vertex arrays (position, normal, diffuse,
// specular, texcoord sets, in D3D order; colours as D3DCOLOR numbers).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace refrast::apitrace {

// The D3DFVF_* bits, looked up once in the project's D3D table.
struct FvfBits {
    uint32_t xyz, xyzrhw, xyzw, positionMask, normal, psize, diffuse, specular, texcountMask, texcountShift;
};
const FvfBits& fvfBits();

// The bytes one vertex of `fvf` occupies, or an error message.
struct FvfLayout {
    uint32_t bytes = 0;
    std::string error;  // non-empty: refrast cannot carry this FVF (names the bit)
};
FvfLayout fvfLayout(uint32_t fvf);

// Vertices [0, count) of `blob` at `stride`; throws std::runtime_error with a
// message (the caller adds the call) on a short blob or a non-finite float.
nlohmann::ordered_json fvfVertices(uint32_t fvf, const std::string& blob, uint64_t stride, uint64_t count);

}  // namespace refrast::apitrace
