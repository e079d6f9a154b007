// SPDX-License-Identifier: MIT
// D3DCUBEMAP_FACES: which face of a cube texture a direction selects, and the
// face-local (s, t) it reads there.
// Spec: "Cubic Environment Mapping (Direct3D 9)" (face orientation) with the
// cube map selection table of the OpenGL 4.6 core specification §8.13 (Table
// 8.19), which D3D9 shares: Wine binds D3DCUBEMAP_FACE_n to
// GL_TEXTURE_CUBE_MAP_POSITIVE_X + n and passes the coordinate unchanged;
// docs/fixed-function.md §14.1 (T-25, T-26).
#pragma once

#include "raster/math/vec.h"

#include <cstdint>

namespace refrast {

// D3DCUBEMAP_FACE_POSITIVE_X .. D3DCUBEMAP_FACE_NEGATIVE_Z (0..5).
enum class CubemapFace : uint8_t { PositiveX, NegativeX, PositiveY, NegativeY, PositiveZ, NegativeZ };

// The face coordinates of a direction r on a face: sc, tc and the major axis
// component ma, signed so that ma > 0 on the face (Table 8.19):
//   +X: (−rz, −ry,  rx)   −X: ( rz, −ry, −rx)
//   +Y: ( rx,  rz,  ry)   −Y: ( rx, −rz, −ry)
//   +Z: ( rx, −ry,  rz)   −Z: (−rx, −ry, −rz)
// Linear in r, so it also maps a difference of directions.
Vec3 cubemapFaceAxes(CubemapFace face, const Vec3& r);

struct CubemapCoord {
    CubemapFace face = CubemapFace::PositiveX;
    float s = 0.5f, t = 0.5f;  // face-local, 0..1; t grows with the face's row
};

// T-25: the face of the largest-magnitude component (ties: x before y before
// z), its sign choosing positive or negative; s = (sc/ma + 1)/2,
// t = (tc/ma + 1)/2. A zero (or NaN) direction reads +X at (0.5, 0.5).
CubemapCoord selectCubemapFace(const Vec3& r);

// T-26: the derivative of (s, t) on `face` at r for a direction difference
// dr, by the quotient rule: ds = ((dsc·ma − sc·dma) / (ma·ma)) / 2, the same
// for t; (0, 0) when ma ≤ 0 (r does not look at that face).
Vec2 cubemapFaceDerivative(CubemapFace face, const Vec3& r, const Vec3& dr);

}  // namespace refrast
