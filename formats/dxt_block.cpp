// SPDX-License-Identifier: MIT
// DXT1/3/5 block decoding (rule T-17 for the interpolation rounding).
// Spec: "Compressed Texture Resources (Direct3D 9)", "Block Compression (Direct3D 10)".
#include "formats/dxt_block.h"

#include "formats/byte_reader.h"
#include "formats/texel_widen.h"

#include <cmath>

namespace refrast {

namespace {

// An 8-bit UNORM value from a float in [0, 1]: floor(x·255 + 0.5).
uint8_t encodeUnorm8(float x) { return uint8_t(std::floor(x * 255.0f + 0.5f)); }

// wa·a + wb·b over `denominator` (wa + wb == denominator) for 8-bit a, b
// whose exact values are a / maxA (as stored in `bits` bits: a = the raw field).
struct Endpoint {
    uint32_t raw;  // the stored field (5, 6 or 8 bits)
    uint32_t max;  // 31, 63 or 255
    uint8_t widened() const { return max == 31 ? widen5(raw) : max == 63 ? widen6(raw) : uint8_t(raw); }
};

uint8_t interpolate(Endpoint a, Endpoint b, uint32_t wa, uint32_t wb, DxtRounding rounding) {
    const uint32_t denominator = wa + wb;
    const uint32_t sum = wa * a.widened() + wb * b.widened();
    switch (rounding) {
        case DxtRounding::Nearest: return uint8_t((sum + denominator / 2) / denominator);
        case DxtRounding::Truncate: return uint8_t(sum / denominator);
        case DxtRounding::Float: {
            const float fa = float(a.raw) / float(a.max), fb = float(b.raw) / float(b.max);
            return encodeUnorm8((float(wa) * fa + float(wb) * fb) / float(denominator));
        }
    }
    return uint8_t(sum / denominator);
}

using Color4 = std::array<std::array<uint8_t, 4>, 4>;

std::array<Endpoint, 3> channels565(uint32_t c) { return {{{c >> 11, 31}, {(c >> 5) & 63, 63}, {c & 31, 31}}}; }

// The four palette colours of a colour block; threeColour selects DXT1's
// c0 ≤ c1 mode (index 2 = midpoint, index 3 = transparent black).
Color4 colourPalette(const uint8_t* block, bool allowThreeColour, DxtRounding rounding) {
    const uint32_t c0 = le16At(block), c1 = le16At(block + 2);
    const auto e0 = channels565(c0), e1 = channels565(c1);
    const bool fourColour = !allowThreeColour || c0 > c1;
    Color4 out{};
    for (size_t ch = 0; ch < 3; ++ch) {
        out[0][ch] = e0[ch].widened();
        out[1][ch] = e1[ch].widened();
        out[2][ch] = fourColour ? interpolate(e0[ch], e1[ch], 2, 1, rounding) : interpolate(e0[ch], e1[ch], 1, 1, rounding);
        out[3][ch] = fourColour ? interpolate(e0[ch], e1[ch], 1, 2, rounding) : 0;
    }
    out[0][3] = out[1][3] = out[2][3] = 0xFF;
    out[3][3] = fourColour ? 0xFF : 0x00;
    return out;
}

DxtBlockRgba decodeColourBlock(const uint8_t* block, bool allowThreeColour, DxtRounding rounding) {
    const Color4 palette = colourPalette(block, allowThreeColour, rounding);
    const uint32_t indices = le32At(block + 4);  // 2 bits per texel, texel 0 in the low bits
    DxtBlockRgba out{};
    for (size_t t = 0; t < 16; ++t) out[t] = palette[(indices >> (2 * t)) & 3];
    return out;
}

// DXT5's eight alphas: a0 > a1 gives six interpolated values, else four plus 0 and 255.
std::array<uint8_t, 8> alphaPalette(uint32_t a0, uint32_t a1, DxtRounding rounding) {
    std::array<uint8_t, 8> out{uint8_t(a0), uint8_t(a1)};
    const Endpoint e0{a0, 255}, e1{a1, 255};
    if (a0 > a1) {
        for (uint32_t i = 2; i < 8; ++i) out[i] = interpolate(e0, e1, 8 - i, i - 1, rounding);  // ((8−i)a0 + (i−1)a1)/7
    } else {
        for (uint32_t i = 2; i < 6; ++i) out[i] = interpolate(e0, e1, 6 - i, i - 1, rounding);  // ((6−i)a0 + (i−1)a1)/5
        out[6] = 0;
        out[7] = 255;
    }
    return out;
}

}  // namespace

DxtBlockRgba decodeDxt1Block(const uint8_t* block, DxtRounding rounding) {
    return decodeColourBlock(block, true, rounding);
}

DxtBlockRgba decodeDxt3Block(const uint8_t* block, DxtRounding rounding) {
    DxtBlockRgba out = decodeColourBlock(block + 8, false, rounding);
    for (size_t t = 0; t < 16; ++t) out[t][3] = widen4((block[t / 2] >> (4 * (t % 2))) & 15);  // texel 0 = low nibble
    return out;
}

DxtBlockRgba decodeDxt5Block(const uint8_t* block, DxtRounding rounding) {
    DxtBlockRgba out = decodeColourBlock(block + 8, false, rounding);
    const std::array<uint8_t, 8> alphas = alphaPalette(block[0], block[1], rounding);
    uint64_t indices = 0;  // 48 bits, 3 per texel, texel 0 in the low bits
    for (int i = 5; i >= 0; --i) indices = indices << 8 | block[2 + i];
    for (size_t t = 0; t < 16; ++t) out[t][3] = alphas[(indices >> (3 * t)) & 7];
    return out;
}

}  // namespace refrast
