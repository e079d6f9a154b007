// SPDX-License-Identifier: MIT
// The sampler's decoded levels: each record is decodeTexel's four values
// (rule T-11) for every encoding, each row ending in its first texel again, a level decodes once however many threads
// ask, a copy starts empty, and reset() picks up rewritten bytes.
#include "raster/texture/decoded_levels.h"
#include "raster/texture/texel_decode.h"
#include "raster/texture/texture.h"

#include <doctest/doctest.h>

#include <cstring>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace refrast;

namespace {

Texture twoLevels(TexelEncoding encoding) {
    Texture t;
    t.name = "t";
    t.encoding = encoding;
    const int bytes = texelBytes(encoding);
    for (int side : {4, 2}) {
        MipLevel m{side, side, std::vector<uint8_t>(size_t(side * side * bytes))};
        for (size_t i = 0; i < m.rgba.size(); ++i) m.rgba[i] = uint8_t(i * 37 + side);
        t.levels.push_back(m);
    }
    return t;
}

}  // namespace

TEST_CASE("texture/decoded_levels: a record is decodeTexel's r, g, b, a, at every level and encoding") {
    for (TexelEncoding e : {TexelEncoding::Unorm8, TexelEncoding::Snorm8, TexelEncoding::X8L8V8U8, TexelEncoding::L6V5U5,
                            TexelEncoding::L6V5U5Clamped, TexelEncoding::V16U16}) {
        CAPTURE(int(e));
        const Texture t = twoLevels(e);
        for (int level = 0; level < 2; ++level) {
            const MipLevel& m = t.levels[size_t(level)];
            const float* records = t.decoded.level(t, level);
            const int stride = m.width + 1;  // each row's last record repeats its first
            for (int y = 0; y < m.height; ++y)
                for (int x = 0; x <= m.width; ++x) {
                    const int i = y * m.width + x % m.width;
                    const Rgba want = decodeTexel(&m.rgba[size_t(i * texelBytes(e))], texelDecoder(e));
                    const float w[4] = {want.r, want.g, want.b, want.a};
                    CHECK(std::memcmp(w, records + 4 * (y * stride + x), sizeof w) == 0);
                }
        }
    }
    // A hand value: Unorm8 bytes (0, 255, 51, 102) -> (0, 1, 0.2, 0.4).
    Texture t;
    t.levels.push_back(MipLevel{1, 1, {0, 255, 51, 102}});
    const float* r = t.decoded.level(t, 0);
    CHECK(r[0] == 0.0f);
    CHECK(r[1] == 1.0f);
    CHECK(r[2] == 51.0f / 255.0f);
    CHECK(r[3] == 102.0f / 255.0f);
}

TEST_CASE("texture/decoded_levels: decoded once for every thread; a copy starts empty; reset rereads the bytes") {
    Texture t = twoLevels(TexelEncoding::Unorm8);
    std::vector<const float*> seen(8);
    std::vector<std::thread> threads;
    for (size_t k = 0; k < seen.size(); ++k) threads.emplace_back([&, k] { seen[k] = t.decoded.level(t, 0); });
    for (std::thread& th : threads) th.join();
    for (const float* p : seen) CHECK(p == seen[0]);
    CHECK(t.decoded.level(t, 0) == seen[0]);

    // Texel 0 of level 0 is byte 4 = 0 * 37 + 4; rewritten to 255 it reads 1.
    Texture copy = t;
    copy.levels[0].rgba[0] = 255;
    CHECK(copy.decoded.level(copy, 0)[0] == 1.0f);
    CHECK(t.decoded.level(t, 0)[0] == 4.0f / 255.0f);  // the original keeps its own
    t.levels[0].rgba[0] = 255;
    CHECK(t.decoded.level(t, 0)[0] == 4.0f / 255.0f);  // not reread before reset
    t.decoded.reset();
    CHECK(t.decoded.level(t, 0)[0] == 1.0f);
    CHECK_THROWS_AS(t.decoded.level(t, DecodedLevels::kMaxLevels), std::length_error);
}
