// SPDX-License-Identifier: MIT
// Per-stage texture-coordinate math: 2D texture transforms, scroll, per-layer
// tiling, Texm Page cells and the water ripple offset.
// Spec: D3DTSS_TEXTURETRANSFORMFLAGS (D3DTTFF_COUNT2); legacy-behaviours §2
// (tiling), §3 (scroll), §4.1 (Page cells), §4.6 (ripple); docs/textures.md T-12..T-16.
#pragma once

#include "raster/math/vec.h"
#include "raster/texture/texture.h"

#include <cstdint>

namespace refrast {

// D3DTTFF_COUNT2 with a 2-component texcoord: D3D treats (u, v) as the row
// vector (u, v, 1, 0), so the third matrix row is the translation (Wine's
// compute_texture_matrix moves it there for GL). Result, in this order:
//     u' = (u·_11 + v·_21) + _31,   v' = (u·_12 + v·_22) + _32   (rule T-12)
Vec2 transformTexcoord2D(const Mat4& textureTransform, Vec2 uv);

// The scroll offset of a material scrolling at `rate` texcoord units per
// second at scene time t: fmod(rate × t, 1) per axis (legacy §3; rule T-13).
// The float product rounds once; fmod is exact in IEEE arithmetic; the result
// has the sign of the product and lies in (−1, 1).
Vec2 textureScrollOffset(Vec2 rate, float time);

// Per-layer tiling: uv × tiling (legacy §2; rule T-14). Inline: the stage
// sampling runs it per pixel.
inline Vec2 tileTexcoord(Vec2 uv, float tiling) { return Vec2(uv.x() * tiling, uv.y() * tiling); }

// A Page cell's UV mapping (legacy §4.1; rule T-15): cell 0 is the whole
// texture (uv unchanged); cell k ≥ 1 is texture.pages[k − 1] = (x, y, w, h) and
//     u' = x/W + (u·w)/W,   v' = y/H + (v·h)/H
// with W × H the base level. Wrapping still applies when sampling, so UVs
// outside 0..1 reach neighbouring cells. Requires 0 ≤ cell ≤ pages.size().
Vec2 pageCellTexcoord(const Texture& texture, int cell, Vec2 uv);

// The per-stage coordinate modifiers of one texture stage.
struct TexcoordModifiers {
    float tiling = 1.0f;                       // legacy §2
    Vec2 scroll = Vec2(0.0f, 0.0f);            // legacy §3, texcoord units per second
    bool transform2D = false;                  // D3DTSS_TEXTURETRANSFORMFLAGS = D3DTTFF_COUNT2
    Mat4 textureTransform = Mat4::Identity();  // D3DTS_TEXTUREn
    int pageCell = 0;                          // legacy §4.1; 0 = the whole texture
};

// The stage's coordinate, in this order (docs/textures.md §3): × tiling →
// + scroll offset at `time` → 2D texture transform (when enabled) → Page
// cell (when pageCell > 0; needs the bound texture).
Vec2 applyTexcoordModifiers(const TexcoordModifiers& modifiers, const Texture* texture, Vec2 uv, float time);

// The water ripple scroll of legacy §4.6: (clock mod 10000) / 10000 on both
// axes, clock in the engine's ticks (non-negative).
float waterRippleOffset(int64_t clock);

}  // namespace refrast
