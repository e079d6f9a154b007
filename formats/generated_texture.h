// SPDX-License-Identifier: MIT
// Textures generated from parameters instead of files: the Iron3D Du/Dv water
// map, solid colours, checkers and the benchmark workloads' texture.
// Spec: legacy-behaviours §4.6 (Du/Dv), WORKLOADS.md (perf ramp); docs/textures.md T-19, T-20.
#pragma once

#include "raster/texture/texture.h"

#include <cstdint>
#include <vector>

namespace refrast {

constexpr int kDuDvDefaultSize = 128;

// The size × size map of signed byte pairs (du, dv), row j after row j − 1,
// exactly as the game generates it (rule T-20): in float32,
//     x = i / size, y = j / size, angle = ((x + y) − 1) × 12.566360473632812f
//     du = roundHalfEven(64 · cos(angle)), dv = roundHalfEven(64 · sin(angle))
// with cos/sin from sinFloat/cosFloat (T-19) and the x87's round-to-nearest-even
// for the integer conversion. 2 · size² bytes (32,768 at size 128).
std::vector<int8_t> dudvPairs(int size);

// The same as a V8U8-style texture: Snorm8 texels (du, dv, 127, 127), i.e.
// (du/127, dv/127, 1, 1) when sampled; one level.
Texture generateDuDvTexture(int size);

// Every texel the D3DCOLOR 0xAARRGGBB; one level.
Texture generateSolidTexture(int width, int height, uint32_t argb);

// Texel (x, y) is color1 when (x / cell + y / cell) is odd, else color0.
Texture generateCheckerTexture(int width, int height, int cell, uint32_t color0, uint32_t color1);

// WORKLOADS.md's 256 × 256 texture: texel(x, y) = (R = x, G = y,
// B = ((x>>4) ^ (y>>4)) & 1 ? 224 : 32, A = ((x>>5) + (y>>5)) & 1 ? 255 : 128).
Texture generatePerfRampTexture();

}  // namespace refrast
