// SPDX-License-Identifier: MIT
// Colours of the pixel pipeline: float RGBA in [0, 1] (Rgba) and the 8-bit
// UNORM pixel of an A8R8G8B8 / X8R8G8B8 target (Rgba8), with the exact decode.
// Spec: fixed-function reference §8 ("Decode: c8 -> c8/255 exactly"), rule R-6.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace refrast {

struct Rgba {
    float r = 0.0f, g = 0.0f, b = 0.0f, a = 0.0f;
    friend constexpr bool operator==(const Rgba&, const Rgba&) = default;
};

struct Rgba8 {
    uint8_t r = 0, g = 0, b = 0, a = 0;
    friend constexpr bool operator==(const Rgba8&, const Rgba8&) = default;
};

// an 8-bit UNORM value decodes to c / 255 (one correctly rounded division),
// evaluated once per value at compile time.
constexpr std::array<float, 256> kUnorm8Decode = [] {
    std::array<float, 256> t{};
    for (int c = 0; c < 256; ++c) t[size_t(c)] = float(c) / 255.0f;
    return t;
}();
constexpr float decodeUnorm8(uint8_t c) { return kUnorm8Decode[c]; }

constexpr Rgba decodeRgba8(Rgba8 c) {
    return {decodeUnorm8(c.r), decodeUnorm8(c.g), decodeUnorm8(c.b), decodeUnorm8(c.a)};
}

// A D3DCOLOR 0xAARRGGBB (TEXTUREFACTOR, FOGCOLOR, CONSTANT, BLENDFACTOR).
constexpr Rgba decodeD3DColor(uint32_t argb) {
    return decodeRgba8({uint8_t(argb >> 16), uint8_t(argb >> 8), uint8_t(argb), uint8_t(argb >> 24)});
}

// sat(x) = clamp(x, 0, 1); NaN maps to 0 (the comparisons are false).
constexpr float saturate(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }

constexpr Rgba saturate(const Rgba& c) { return {saturate(c.r), saturate(c.g), saturate(c.b), saturate(c.a)}; }

}  // namespace refrast
