// SPDX-License-Identifier: MIT
// Box-filtered mip chain generation for textures that carry no authored levels.
// Spec: docs/textures.md "Mip chains" (rule T-5); WORKLOADS.md's (a+b+c+d+2)>>2.
#pragma once

#include "raster/texture/texture.h"

namespace refrast {

// Level i + 1 of a w × h level has size max(1, w >> 1) × max(1, h >> 1).
// Destination texel (x, y), channel c:
//     (s(2x, 2y) + s(2x+1, 2y) + s(2x, 2y+1) + s(2x+1, 2y+1) + 2) >> 2
// where a source index beyond the last column/row reads the last one (so a
// 1-wide level averages vertical pairs, and an odd level's last column or row
// is dropped). Each channel is averaged as its stored integer code: unsigned
// bytes, signed bytes (the signed channels of Snorm8, X8L8V8U8, L6V5U5) or
// signed i16 (V16U16), with >> an arithmetic (flooring) shift.
MipLevel boxFilterLevel(const MipLevel& source, TexelEncoding encoding);

// Replaces texture.levels[1..] by box-filtered levels down to 1 × 1.
// Requires texture.levels[0] to exist.
void generateMipChain(Texture& texture);

// Drops every level but the base.
void dropMipChain(Texture& texture);

}  // namespace refrast
