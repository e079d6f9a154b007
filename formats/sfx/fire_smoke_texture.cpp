// SPDX-License-Identifier: MIT
// The generated fire-smoke sprite (docs/sfx.md "The fire-smoke texture").
#include "formats/sfx/fire_smoke_texture.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace refrast::sfx {

namespace {

// A 32-bit integer hash of a lattice point (the "lowbias32" finaliser of
// C. Wellons' hash-prospector, after mixing the coordinates with odd constants).
uint32_t latticeHash(uint32_t ix, uint32_t iy, uint32_t seed) {
    uint32_t h = (seed * 0x9E3779B9u) ^ (ix * 0x85EBCA6Bu) ^ (iy * 0xC2B2AE35u);
    h ^= h >> 16;
    h *= 0x7FEB352Du;
    h ^= h >> 15;
    h *= 0x846CA68Bu;
    h ^= h >> 16;
    return h;
}

// The lattice value in [0, 1): the top 24 bits, exact in float.
float latticeValue(int ix, int iy, int cells, uint32_t seed) {
    const uint32_t x = uint32_t(ix % cells), y = uint32_t(iy % cells);  // wraps: the sprite tiles
    return float(latticeHash(x, y, seed) >> 8) * 0x1p-24f;
}

// Hermite smoothstep t² (3 − 2t), so the noise has no creases at cell edges.
float smooth(float t) { return t * t * (3.0f - 2.0f * t); }

float lerp(float a, float b, float t) { return a + (b - a) * t; }

// Bilinear value noise with `cells` lattice cells across the texture.
float valueNoise(int x, int y, int size, int cells, uint32_t seed) {
    const float fx = (float(x) + 0.5f) * float(cells) / float(size);
    const float fy = (float(y) + 0.5f) * float(cells) / float(size);
    const int ix = int(std::floor(fx)), iy = int(std::floor(fy));
    const float tx = smooth(fx - float(ix)), ty = smooth(fy - float(iy));
    const float top = lerp(latticeValue(ix, iy, cells, seed), latticeValue(ix + 1, iy, cells, seed), tx);
    const float bottom = lerp(latticeValue(ix, iy + 1, cells, seed), latticeValue(ix + 1, iy + 1, cells, seed), tx);
    return lerp(top, bottom, ty);
}

float clamp01(float v) { return v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v); }

uint8_t unorm8(float v) { return uint8_t(std::floor(v * 255.0f + 0.5f)); }

}  // namespace

Texture generateFireSmokeTexture(int size, uint32_t seed) {
    assert(size > 0);
    Texture t;
    t.levels.resize(1);
    MipLevel& level = t.levels[0];
    level.width = level.height = size;
    level.rgba.resize(size_t(size) * size_t(size) * 4);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            const float noise = 0.65f * valueNoise(x, y, size, 4, seed) + 0.35f * valueNoise(x, y, size, 8, seed + 1u);
            const float u = (float(x) + 0.5f) / float(size) * 2.0f - 1.0f;
            const float v = (float(y) + 0.5f) / float(size) * 2.0f - 1.0f;
            const float falloff = std::max(0.0f, 1.0f - (u * u + v * v));
            const uint8_t lum = unorm8(clamp01(falloff * (0.1f + 1.3f * noise)));
            uint8_t* p = &level.rgba[(size_t(y) * size_t(size) + size_t(x)) * 4];
            p[0] = p[1] = p[2] = lum;
            p[3] = unorm8(clamp01(falloff * 2.0f * (0.5f + 0.5f * noise)));
        }
    return t;
}

}  // namespace refrast::sfx
