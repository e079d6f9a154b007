// SPDX-License-Identifier: MIT
// Cube texture sampling over a quad: the face clamp (no wrap, no border, no
// neighbouring face), pixels of one quad on different faces, and one λ per
// quad from pixel 0's face (docs/textures.md T-26, T-27).
#include "raster/pixel/cube_sampling.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {

// Six faces of side `side`; face f's texels have green = 40·f, blue 0, alpha
// 255, red from `red` (row by row, repeated on every face), and a second
// level (when `mips`) of red 255, green 40·f.
Texture cube(int side, std::vector<uint8_t> red, bool mips) {
    Texture c;
    c.type = TextureType::Cube;
    for (int f = 0; f < kCubemapFaceCount; ++f) {
        Texture face;
        MipLevel top{side, side, {}};
        for (uint8_t r : red) top.rgba.insert(top.rgba.end(), {r, uint8_t(40 * f), 0, 255});
        face.levels.push_back(top);
        if (mips) {
            MipLevel next{side / 2, side / 2, {}};
            for (int k = 0; k < side * side / 4; ++k) next.rgba.insert(next.rgba.end(), {255, uint8_t(40 * f), 0, 255});
            face.levels.push_back(next);
        }
        c.faces.push_back(face);
    }
    return c;
}

}  // namespace

TEST_CASE("pixel/cube_sampling: a bilinear sample at a face edge clamps within the face whatever ADDRESSU/V say") {
    // Face +X is 2×2 with red row 0 = [0, 200], row 1 = [100, 40].
    // r = (1, 0, 1): a tie, +X wins; sc = −rz = −1, ma = 1 → s = 0, t = 0.5.
    // Bilinear: x = 0·2 − 0.5 = −0.5 → i0 = −1, α = 0.5; y = 0.5·2 − 0.5 = 0.5 → j0 = 0, β = 0.5.
    // Clamped: columns −1 and 0 both read column 0: top 0, bottom 100, result 50.
    // (WRAP would blend in column 1: top (200 + 0)/2 = 100, bottom (40 + 100)/2 = 70 → 85;
    // BORDER would blend in the border colour.)
    const Texture c = cube(2, {0, 200, 100, 40}, false);
    for (TextureAddress mode : {TextureAddress::Wrap, TextureAddress::Border, TextureAddress::Mirror}) {
        SamplerState s;
        s.magFilter = s.minFilter = TextureFilter::Linear;
        s.addressU = s.addressV = mode;
        s.borderColor = 0xFFFFFFFF;
        const Vec3 dir[4] = {Vec3(1, 0, 1), Vec3(1, 0, 1), Vec3(1, 0, 1), Vec3(1, 0, 1)};
        Rgba out[4];
        sampleCubeQuad(c, s, dir, 0x1, out);
        CHECK(out[0].r == 50.0f / 255.0f);
        CHECK(out[0].g == 0.0f);  // face +X (green 40·0)
    }
}

TEST_CASE("pixel/cube_sampling: each pixel reads its own face; the quad's λ comes from pixel 0's face") {
    // 4×4 faces with two levels. Pixel 0 looks at +X's centre, pixel 1 at +Z (green
    // 160), pixel 2 at −Y (green 120), pixel 3 at −X (green 40).
    const Texture c = cube(4, std::vector<uint8_t>(16, 10), true);
    SamplerState s;
    s.mipFilter = TextureFilter::Point;
    Vec3 dir[4] = {Vec3(1, 0, 0), Vec3(0.5f, 0, 1), Vec3(0.5f, -1, 0), Vec3(-1, 0, 0)};
    Rgba out[4];
    // On +X at (1, 0, 0): dr = dir[1] − dir[0] = (−0.5, 0, 1): dsc = −1, dma = −0.5, sc = 0, ma = 1
    //   ds/dx = (−1·1 − 0)/1 / 2 = −0.5; dt/dx = 0. dr = dir[2] − dir[0] = (−0.5, −1, 0): dtc = 1 → dt/dy = 0.5.
    // ρ = max(|(−0.5·4, 0)|, |(0, 0.5·4)|) = 2 → λ = 1: MIPFILTER POINT reads level 1 (red 255) on every face.
    sampleCubeQuad(c, s, dir, 0xF, out);
    CHECK(out[0].r == 1.0f);
    CHECK(out[0].g == 0.0f);
    CHECK(out[1].r == 1.0f);
    CHECK(out[1].g == 160.0f / 255.0f);
    CHECK(out[2].g == 120.0f / 255.0f);
    CHECK(out[3].g == 40.0f / 255.0f);
    // All four along +X: no derivative, λ = −32 (magnified): level 0, red 10.
    for (Vec3& d : dir) d = Vec3(1, 0, 0);
    sampleCubeQuad(c, s, dir, 0xF, out);
    CHECK(out[0].r == 10.0f / 255.0f);
    CHECK(out[3].r == 10.0f / 255.0f);
}

TEST_CASE("pixel/cube_sampling: across a face edge the quotient rule keeps λ small; FACEDIFFERENCE jumps (cubelod)") {
    // Pixel 0 at r0 = (1, 0, 0.99) on +X: s = (−0.99 + 1)/2 = 0.005. Pixel 1 at r1 = (0.99, 0, 1) on +Z:
    // s = (0.99 + 1)/2 = 0.995. Pixel 2 = pixel 0 (no y derivative).
    // QUOTIENTRULE on +X: dr = (−0.01, 0, 0.01): dsc = −0.01, dma = −0.01, sc = −0.99, ma = 1
    //   ds = ((−0.01·1 − (−0.99)·(−0.01)) / 1) / 2 ≈ −0.00995 → ρ ≈ 0.04 texels: λ < 0, level 0 (red 10).
    // FACEDIFFERENCE: ds = 0.995 − 0.005 = 0.99 → ρ ≈ 3.96: λ ≈ 1.99, level 1 (red 255).
    const Texture c = cube(4, std::vector<uint8_t>(16, 10), true);
    SamplerState s;
    s.mipFilter = TextureFilter::Point;
    const Vec3 dir[4] = {Vec3(1, 0, 0.99f), Vec3(0.99f, 0, 1), Vec3(1, 0, 0.99f), Vec3(1, 0, 0.99f)};
    Rgba out[4];
    sampleCubeQuad(c, s, dir, 0x3, out, CubeLodRule::QuotientRule);
    CHECK(out[0].r == 10.0f / 255.0f);
    CHECK(out[1].r == 10.0f / 255.0f);
    CHECK(out[1].g == 160.0f / 255.0f);  // pixel 1 reads +Z
    sampleCubeQuad(c, s, dir, 0x3, out, CubeLodRule::FaceDifference);
    CHECK(out[0].r == 1.0f);
    CHECK(out[1].r == 1.0f);
}
