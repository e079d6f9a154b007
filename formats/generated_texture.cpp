// SPDX-License-Identifier: MIT
// Generated textures (rules T-19, T-20).
// Spec: legacy-behaviours §4.6; WORKLOADS.md "Texture (W1-W3)".
#include "formats/generated_texture.h"

#include "raster/math/trig.h"

#include <cassert>
#include <cmath>

namespace refrast {

namespace {

// Round to nearest, ties to even, as the x87 FISTP does under control word
// 0x007F (legacy §4.6). x is exact here (64 · a float is a float).
float roundHalfEven(float x) {
    const float f = std::floor(x);
    const float d = x - f;
    if (d > 0.5f || (d == 0.5f && std::fmod(f, 2.0f) != 0.0f)) return f + 1.0f;
    return f;
}

Texture singleLevel(int width, int height, TexelEncoding encoding) {
    Texture t;
    t.encoding = encoding;
    t.levels.resize(1);
    t.levels[0].width = width;
    t.levels[0].height = height;
    t.levels[0].rgba.resize(size_t(width) * size_t(height) * 4);
    return t;
}

void putArgb(MipLevel& level, size_t texel, uint32_t argb) {
    level.rgba[texel * 4 + 0] = uint8_t(argb >> 16);
    level.rgba[texel * 4 + 1] = uint8_t(argb >> 8);
    level.rgba[texel * 4 + 2] = uint8_t(argb);
    level.rgba[texel * 4 + 3] = uint8_t(argb >> 24);
}

}  // namespace

std::vector<int8_t> dudvPairs(int size) {
    assert(size > 0);
    constexpr float kFourPi = 12.566360473632812f;  // 4 × 3.14159 in float32 (legacy §4.6)
    std::vector<int8_t> out;
    out.reserve(size_t(size) * size_t(size) * 2);
    for (int j = 0; j < size; ++j)
        for (int i = 0; i < size; ++i) {
            const float x = float(i) / float(size), y = float(j) / float(size);
            const float angle = ((x + y) - 1.0f) * kFourPi;
            out.push_back(int8_t(roundHalfEven(64.0f * cosFloat(angle))));
            out.push_back(int8_t(roundHalfEven(64.0f * sinFloat(angle))));
        }
    return out;
}

Texture generateDuDvTexture(int size) {
    Texture t = singleLevel(size, size, TexelEncoding::Snorm8);
    const std::vector<int8_t> pairs = dudvPairs(size);
    for (size_t k = 0; k < size_t(size) * size_t(size); ++k) {
        t.levels[0].rgba[k * 4 + 0] = uint8_t(pairs[k * 2]);
        t.levels[0].rgba[k * 4 + 1] = uint8_t(pairs[k * 2 + 1]);
        t.levels[0].rgba[k * 4 + 2] = 127;  // +1.0, like V8U8's missing channels
        t.levels[0].rgba[k * 4 + 3] = 127;
    }
    return t;
}

Texture generateSolidTexture(int width, int height, uint32_t argb) {
    Texture t = singleLevel(width, height, TexelEncoding::Unorm8);
    for (size_t k = 0; k < size_t(width) * size_t(height); ++k) putArgb(t.levels[0], k, argb);
    return t;
}

Texture generateCheckerTexture(int width, int height, int cell, uint32_t color0, uint32_t color1) {
    assert(cell > 0);
    Texture t = singleLevel(width, height, TexelEncoding::Unorm8);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            putArgb(t.levels[0], size_t(y) * size_t(width) + size_t(x), ((x / cell + y / cell) & 1) ? color1 : color0);
    return t;
}

Texture generatePerfRampTexture() {
    Texture t = singleLevel(256, 256, TexelEncoding::Unorm8);
    for (int y = 0; y < 256; ++y)
        for (int x = 0; x < 256; ++x) {
            uint8_t* p = &t.levels[0].rgba[(size_t(y) * 256 + size_t(x)) * 4];
            p[0] = uint8_t(x);
            p[1] = uint8_t(y);
            p[2] = ((x >> 4) ^ (y >> 4)) & 1 ? 224 : 32;
            p[3] = ((x >> 5) + (y >> 5)) & 1 ? 255 : 128;
        }
    return t;
}

}  // namespace refrast
