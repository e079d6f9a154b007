// SPDX-License-Identifier: MIT
// What a texture stage reads from one stored texel: the per-channel decode
// of every TexelEncoding (docs/textures.md rule T-11).
// Spec: fixed-function reference §4.5 ("Signed formats"), D3D10 "Data
// Conversion Rules" (SNORM: c / (2^(n-1) - 1), the most negative code -1);
// reference §11 (L6V5U5 -15 is not -1.0 on Windows).
#pragma once

#include "raster/pixel/rgba.h"
#include "raster/texture/texture.h"

#include <array>
#include <cstdint>

namespace refrast {

using DecodeTable = std::array<float, 256>;  // stored byte -> channel value

// One encoding's decode: a table per channel (r, g, b, a), or, for 16-bit
// channels (wide16), four little-endian i16 read as max(c / 32767, -1).
struct TexelDecoder {
    std::array<const DecodeTable*, 4> channel{};
    bool wide16 = false;
    int bytes = 4;  // texelBytes(encoding)
};

// Indexed by TexelEncoding; inline so the sampler's per-sample lookup is one load.
extern const TexelDecoder kTexelDecoders[];
inline const TexelDecoder& texelDecoder(TexelEncoding encoding) { return kTexelDecoders[size_t(encoding)]; }

// max(c / 32767, -1) for a signed 16-bit code (rule T-11).
float decodeSnorm16(int16_t c);

inline Rgba decodeTexel(const uint8_t* p, const TexelDecoder& d) {
    if (d.wide16) {
        const auto i16 = [p](int k) { return int16_t(uint16_t(p[2 * k] | p[2 * k + 1] << 8)); };
        return {decodeSnorm16(i16(0)), decodeSnorm16(i16(1)), decodeSnorm16(i16(2)), decodeSnorm16(i16(3))};
    }
    return {(*d.channel[0])[p[0]], (*d.channel[1])[p[1]], (*d.channel[2])[p[2]], (*d.channel[3])[p[3]]};
}

// Whether channel k (0..3) of the encoding holds signed codes (for the box
// filter of generated mip chains, rule T-5).
bool channelIsSigned(TexelEncoding encoding, int k);

}  // namespace refrast
