// SPDX-License-Identifier: MIT
// Decoding of one 4×4 DXT1/DXT3/DXT5 (BC1/BC2/BC3) block to RGBA8.
// Spec: "Compressed Texture Resources (Direct3D 9)" / "Block Compression
// (Direct3D 10)"; docs/textures.md rule T-17 (interpolation rounding).
#pragma once

#include <array>
#include <cstdint>

namespace refrast {

// How the interpolated palette colours (and DXT5 alphas) are rounded. The
// sources only give the weights (2/3·c0 + 1/3·c1, ...); decoders differ:
enum class DxtRounding : uint8_t {
    Nearest,   // default: integer on bit-replicated 8-bit endpoints, rounded to nearest:
               //   (2a + b + 1) / 3, (a + b + 1) / 2, (6a0 + a1 + 3) / 7, (4a0 + a1 + 2) / 5
    Truncate,  // the same without the rounding term: (2a + b) / 3, (a + b) / 2, ... (libsquish-style)
    Float,     // D3DX/DirectXTex reference style: endpoints as c5/31, c6/63, a/255 in float,
               //   weighted in float, then round(x · 255) as in rule R-encode (floor(x·255 + 0.5))
};

using DxtBlockRgba = std::array<std::array<uint8_t, 4>, 16>;  // texel y·4 + x, (r, g, b, a)

// DXT1: 8 bytes. c0 > c1 (as u16): four opaque colours; otherwise three
// colours plus index 3 = transparent black (0, 0, 0, 0), which foliage
// cut-outs rely on (it is kept, never turned opaque).
DxtBlockRgba decodeDxt1Block(const uint8_t* block, DxtRounding rounding);
// DXT3: 8 bytes of explicit 4-bit alpha (widened by replication) + a colour block in four-colour mode.
DxtBlockRgba decodeDxt3Block(const uint8_t* block, DxtRounding rounding);
// DXT5: a0, a1, 48 bits of 3-bit alpha indices + a colour block in four-colour mode.
DxtBlockRgba decodeDxt5Block(const uint8_t* block, DxtRounding rounding);

}  // namespace refrast
