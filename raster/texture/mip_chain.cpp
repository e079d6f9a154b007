// SPDX-License-Identifier: MIT
// Box-filtered mip chain generation (rule T-5 in docs/textures.md).
// Spec: WORKLOADS.md "full mip chain built on the CPU with a 2x2 box filter".
#include "raster/texture/mip_chain.h"

#include "raster/texture/texel_decode.h"

#include <algorithm>
#include <cassert>

namespace refrast {

namespace {

// How one channel is stored: its byte signed or not, or (wide) an i16.
struct ChannelCode {
    bool isSigned = false, wide = false;
};

// Channel `channel` of texel (x, y) as its integer code.
int channelValue(const MipLevel& level, int x, int y, int channel, ChannelCode code) {
    x = std::min(x, level.width - 1);
    y = std::min(y, level.height - 1);
    const size_t texel = code.wide ? 8 : 4;
    const uint8_t* p = &level.rgba[(size_t(y) * size_t(level.width) + size_t(x)) * texel];
    if (code.wide) return int(int16_t(uint16_t(p[2 * channel] | p[2 * channel + 1] << 8)));
    const uint8_t byte = p[channel];
    return code.isSigned ? int(int8_t(byte)) : int(byte);
}

}  // namespace

MipLevel boxFilterLevel(const MipLevel& source, TexelEncoding encoding) {
    MipLevel out;
    out.width = std::max(1, source.width >> 1);
    out.height = std::max(1, source.height >> 1);
    const bool wide = texelBytes(encoding) == 8;
    ChannelCode codes[4];
    for (int c = 0; c < 4; ++c) codes[c] = {channelIsSigned(encoding, c), wide};
    out.rgba.resize(size_t(out.width) * size_t(out.height) * size_t(texelBytes(encoding)));
    size_t i = 0;
    for (int y = 0; y < out.height; ++y)
        for (int x = 0; x < out.width; ++x)
            for (int c = 0; c < 4; ++c) {
                const int sum = channelValue(source, 2 * x, 2 * y, c, codes[c]) +
                                channelValue(source, 2 * x + 1, 2 * y, c, codes[c]) +
                                channelValue(source, 2 * x, 2 * y + 1, c, codes[c]) +
                                channelValue(source, 2 * x + 1, 2 * y + 1, c, codes[c]);
                const int mean = (sum + 2) >> 2;  // C++20: >> of a negative int is arithmetic
                out.rgba[i++] = uint8_t(mean);
                if (wide) out.rgba[i++] = uint8_t(uint16_t(mean) >> 8);  // little-endian i16
            }
    return out;
}

void generateMipChain(Texture& texture) {
    assert(!texture.levels.empty());
    dropMipChain(texture);
    while (texture.levels.back().width > 1 || texture.levels.back().height > 1)
        texture.levels.push_back(boxFilterLevel(texture.levels.back(), texture.encoding));
}

void dropMipChain(Texture& texture) { texture.levels.resize(std::min<size_t>(texture.levels.size(), 1)); }

}  // namespace refrast
