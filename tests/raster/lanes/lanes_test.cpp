// SPDX-License-Identifier: MIT
// Lane equivalence (HOUSE-STYLE 4.3.5): every op of raster/lanes/lanes.h and
// the sampler kernel give, at every compiled width the CPU runs, the bits of
// width 1, over special values (±0, ±inf, NaN, denormals, exact ties) and
// seeded random inputs, with span lengths that leave odd tails.
#include "raster/lanes/simd_level.h"
#include "raster/math/log2_fixed.h"
#include "raster/pixel/det_math.h"
#include "raster/pixel/sample_span.h"
#include "tests/raster/lanes/lane_ops.h"
#include "tests/raster/lanes/lane_values.h"

#include <doctest/doctest.h>

#include <bit>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using namespace refrast;

namespace {

LaneOpsInput randomLaneInputs(std::mt19937& rng) {
    LaneOpsInput in{};
    for (int k = 0; k < kLaneOpsPixels; ++k) {
        in.a[k] = pick(rng);
        in.b[k] = pick(rng);
        in.c[k] = pick(rng);
        in.i[k] = rng() % 3 ? int32_t(rng()) : int32_t(rng() % 512) - 256;
        in.j[k] = rng() % 3 ? int32_t(rng()) : int32_t(rng() % 512) - 256;
        // Edge values: small, above 2^24 (rounded), exact ties (2^25 + 1 is
        // halfway between two floats), and any 64-bit value.
        const int64_t big = int64_t(uint64_t(rng()) << 32 | rng());
        const int64_t tie = (int64_t(1) << 25) + 1;
        const int64_t choices[4] = {int64_t(rng() % 4096) - 2048, big >> (rng() % 40), (rng() % 2 ? tie : -tie) << (rng() % 30), big};
        in.wide[k] = choices[rng() % 4];
    }
    for (int64_t& s : in.step) s = rng() % 2 ? int64_t(rng() % 65536) - 32768 : int64_t(rng() % 2 ? 1 : -1) << (rng() % 40);
    for (int t = 0; t < 256; ++t) in.table[t] = pick(rng);
    return in;
}

}  // namespace

TEST_CASE("lanes: the SIMD level names parse back, and scalar always runs") {
    for (SimdLevel l : {SimdLevel::Scalar, SimdLevel::Sse, SimdLevel::Avx2, SimdLevel::Avx512})
        CHECK(parseSimdLevel(simdLevelName(l)) == l);
    CHECK_FALSE(parseSimdLevel("avx").has_value());
    CHECK(cpuSupports(SimdLevel::Scalar));
    CHECK(cpuSupports(bestSimdLevel()));
}

TEST_CASE("lanes: a span kernel runs at the narrowest level no wider than the chosen one that holds its lanes") {
    const SimdLevel chosen = simdLevel();
    // Float lanes per level: SSE 4, AVX2 8, AVX-512 16; a span has 4 pixels per quad.
    setSimdLevel(SimdLevel::Avx512);
    CHECK(spanSimdLevel(4) == SimdLevel::Sse);      // one quad
    CHECK(spanSimdLevel(8) == SimdLevel::Avx2);     // two quads
    CHECK(spanSimdLevel(12) == SimdLevel::Avx512);  // three quads need 16 lanes
    CHECK(spanSimdLevel(16) == SimdLevel::Avx512);
    setSimdLevel(SimdLevel::Avx2);
    CHECK(spanSimdLevel(4) == SimdLevel::Sse);
    CHECK(spanSimdLevel(16) == SimdLevel::Avx2);  // never wider than the chosen level
    setSimdLevel(SimdLevel::Sse);
    CHECK(spanSimdLevel(16) == SimdLevel::Sse);
    setSimdLevel(SimdLevel::Scalar);
    CHECK(spanSimdLevel(4) == SimdLevel::Scalar);  // scalar stays scalar
    setSimdLevel(chosen);
}

TEST_CASE("lanes: every op is bitwise the width-1 op at every width") {
    std::mt19937 rng(1234);
    for (int round = 0; round < 200; ++round) {
        const LaneOpsInput in = randomLaneInputs(rng);
        LaneOpsOutput want{}, got{};
        runLaneOps(SimdLevel::Scalar, in, want);
        for (int k = 0; k < kLaneOpsPixels; ++k) {  // width 1 is refrast's log2Fixed and C++'s double(int)
            CHECK(want.log2Fixed8[k] == log2Fixed(std::fabs(in.a[k]), 8));
            CHECK(want.log2Fixed24[k] == log2Fixed(in.b[k], 24));
            const float e = detExp(in.a[k]), scaled = detExp(in.c[k] * 128.0f);  // and refrast's detExp
            CHECK(sameBits(&want.detExp[k], &e, 1));
            CHECK(sameBits(&want.detExpScaled[k], &scaled, 1));
            CHECK(want.intDouble[k] == float(double(in.i[k]) * 0.5));
            for (int c = 0; c < 4; ++c) CHECK(sameBits(&want.records[c][k], &in.table[4 * (in.i[k] & 63) + c], 1));
            for (int c = 0; c < 8; ++c)
                CHECK(sameBits(&want.pairs[c][k], &in.table[4 * (in.i[k] & 31) + c], 1));  // records n, n + 1
            for (int c = 0; c < 4; ++c) {  // (a - b) * w + a of records n and n + 1, w repeated over a record
                const float* pair = &in.table[4 * (in.i[k] & 31)];
                const float mixed = (pair[c] - pair[4 + c]) * in.b[k] + pair[c];
                CHECK(sameBits(&want.recordMix[c][k], &mixed, 1));
            }
            // Width 1 is C++'s conversion of quad k / 4's value stepped to its pixel k % 4 (two's complement).
            const uint64_t edge = uint64_t(in.wide[k / 4]) + (k & 1 ? uint64_t(in.step[0]) : 0u) +
                                  (k & 2 ? uint64_t(in.step[1]) : 0u);
            const float converted = float(int64_t(edge));
            CHECK(sameBits(&want.int64Float[k], &converted, 1));
        }
        for (SimdLevel level : kWide) {
            if (!cpuSupports(level)) continue;
            CAPTURE(simdLevelName(level));
            std::memset(&got, 0xCD, sizeof got);
            runLaneOps(level, in, got);
            constexpr int n = kLaneOpsPixels;
            CHECK(sameBits(want.add, got.add, n));
            CHECK(sameBits(want.sub, got.sub, n));
            CHECK(sameBits(want.mul, got.mul, n));
            CHECK(sameBits(want.div, got.div, n));
            CHECK(sameBits(want.min, got.min, n));
            CHECK(sameBits(want.max, got.max, n));
            CHECK(sameBits(want.clamp, got.clamp, n));
            CHECK(sameBits(want.floor, got.floor, n));
            CHECK(sameBits(want.sqrt, got.sqrt, n));
            CHECK(sameBits(want.asInt, got.asInt, n));
            CHECK(sameBits(want.asFloat, got.asFloat, n));
            CHECK(sameBits(want.doubleMul, got.doubleMul, n));
            CHECK(sameBits(want.intDouble, got.intDouble, n));
            CHECK(sameBits(want.select, got.select, n));
            CHECK(sameBits(want.nanTo0, got.nanTo0, n));
            CHECK(sameBits(want.trunc, got.trunc, n));
            CHECK(sameBits(want.toFloat, got.toFloat, n));
            CHECK(sameBits(want.imin, got.imin, n));
            CHECK(sameBits(want.imax, got.imax, n));
            CHECK(sameBits(want.iclamp, got.iclamp, n));
            CHECK(sameBits(want.iand, got.iand, n));
            CHECK(sameBits(want.ishift, got.ishift, n));
            CHECK(sameBits(want.imul, got.imul, n));
            CHECK(sameBits(want.imod, got.imod, n));
            CHECK(sameBits(want.gatherF, got.gatherF, n));
            CHECK(sameBits(want.gatherI, got.gatherI, n));
            CHECK(sameBits(want.toUint32, got.toUint32, n));
            CHECK(sameBits(want.laneBit, got.laneBit, n));
            CHECK(sameBits(want.log2Fixed8, got.log2Fixed8, n));
            CHECK(sameBits(want.log2Fixed24, got.log2Fixed24, n));
            CHECK(sameBits(want.detExp, got.detExp, n));
            CHECK(sameBits(want.detExpScaled, got.detExpScaled, n));
            for (int c = 0; c < 4; ++c) CHECK(sameBits(want.records[c], got.records[c], n));
            CHECK(sameBits(want.int64Float, got.int64Float, n));
            for (int c = 0; c < 8; ++c) CHECK(sameBits(want.pairs[c], got.pairs[c], n));
            for (int c = 0; c < 4; ++c) CHECK(sameBits(want.recordMix[c], got.recordMix[c], n));
            // any() is over one lane group: the OR of width-1 answers in it.
            const int width = kWidthOf[int(level)];
            for (int k = 0; k < n; ++k) {
                int expected = 0;
                for (int g = k - k % width; g < k - k % width + width; ++g) expected |= want.anyLess[g];
                CHECK(got.anyLess[k] == expected);
            }
        }
    }
}

TEST_CASE("lanes: min, max and clamp keep std::min/std::max/std::clamp's operand on NaN and ±0") {
    // std::min(a, b) = (b < a) ? b : a: min(NaN, 1) = NaN, min(1, NaN) = 1, min(-0, +0) = -0, min(+0, -0) = +0.
    LaneOpsInput in{};
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float a[4] = {nan, 1.0f, -0.0f, 0.0f}, b[4] = {1.0f, nan, 0.0f, -0.0f};
    for (int k = 0; k < kLaneOpsPixels; ++k) {
        in.a[k] = a[k % 4];
        in.b[k] = b[k % 4];
        in.c[k] = 2.0f;
    }
    for (SimdLevel level : {SimdLevel::Scalar, SimdLevel::Sse, SimdLevel::Avx2, SimdLevel::Avx512}) {
        if (!cpuSupports(level)) continue;
        CAPTURE(simdLevelName(level));
        LaneOpsOutput out{};
        runLaneOps(level, in, out);
        CHECK(std::isnan(out.min[0]));
        CHECK(out.min[1] == 1.0f);
        CHECK(std::signbit(out.min[2]));
        CHECK_FALSE(std::signbit(out.min[3]));
        CHECK(std::isnan(out.max[0]));  // std::max(NaN, 1) = (NaN < 1) ? 1 : NaN
        CHECK(out.max[1] == 1.0f);
        CHECK(std::isnan(out.clamp[0]));  // std::clamp(NaN, 1, 2): both tests false, NaN
    }
}

namespace {

// A w × h texture of random bytes with `levels` levels (each halving), in `encoding`.
Texture randomTexture(std::mt19937& rng, int w, int h, int levels, TexelEncoding encoding) {
    Texture t;
    t.encoding = encoding;
    for (int l = 0; l < levels; ++l) {
        MipLevel m{w, h, std::vector<uint8_t>(size_t(w) * size_t(h) * size_t(texelBytes(encoding)))};
        for (uint8_t& byte : m.rgba) byte = uint8_t(rng());
        t.levels.push_back(std::move(m));
        w = std::max(1, w / 2);
        h = std::max(1, h / 2);
    }
    return t;
}

// A texcoord that often lands on texel centres and edges of a side-n axis.
float pickTexcoord(std::mt19937& rng, int n) {
    if (rng() % 3 == 0) return pick(rng);
    return (float(int32_t(rng() % 1024) - 512) / 16.0f + (rng() % 2 ? 0.5f : 0.0f)) / float(n);
}

}  // namespace

TEST_CASE("pixel/sample_span: every width filters bitwise like width 1 (every address mode, filter, encoding, tail)") {
    std::mt19937 rng(99);
    const TextureAddress modes[] = {TextureAddress::Wrap, TextureAddress::Mirror, TextureAddress::Clamp,
                                    TextureAddress::Border, TextureAddress::MirrorOnce};
    const int sizes[][2] = {{8, 8}, {5, 3}, {1, 1}, {16, 4}, {7, 16}};
    for (int round = 0; round < 400; ++round) {
        const int* size = sizes[rng() % std::size(sizes)];
        const TexelEncoding encodings[] = {TexelEncoding::Unorm8, TexelEncoding::Snorm8, TexelEncoding::X8L8V8U8,
                                           TexelEncoding::L6V5U5, TexelEncoding::L6V5U5Clamped, TexelEncoding::V16U16};
        const TexelEncoding encoding = rng() % 2 ? TexelEncoding::Unorm8 : encodings[rng() % std::size(encodings)];
        const Texture texture = randomTexture(rng, size[0], size[1], 3, encoding);
        SamplerState sampler;
        sampler.addressU = modes[rng() % 5];
        sampler.addressV = rng() % 2 ? sampler.addressU : modes[rng() % 5];
        sampler.borderColor = uint32_t(rng());
        TextureLod lod;
        lod.filter = rng() % 3 ? TextureFilter::Linear : TextureFilter::Point;
        lod.level = int(rng() % 2);
        lod.fraction = rng() % 3 ? int32_t(rng() % 256) : 0;
        SampleSpan span;
        span.count = 1 + int(rng() % kSpanPixels);  // odd tails included
        for (int k = 0; k < span.count; ++k) {
            span.u[k] = pickTexcoord(rng, texture.levels[size_t(lod.level)].width);
            span.v[k] = pickTexcoord(rng, texture.levels[size_t(lod.level)].height);
            if (round % 4 == 0) span.u[k] = kSpecials[(size_t(round) / 4 + size_t(k)) % std::size(kSpecials)];
            if (round % 4 == 1) span.v[k] = kSpecials[(size_t(round) / 4 + size_t(k)) % std::size(kSpecials)];
        }
        CAPTURE(round);
        SampledSpan want;
        sampleSpan(SimdLevel::Scalar, texture, sampler, lod, span, want);
        for (int k = 0; k < span.count; ++k) {  // width 1 is sampleTextureLod pixel by pixel
            const Rgba one = sampleTextureLod(texture, sampler, lod, Vec2(span.u[k], span.v[k]));
            const Rgba spanned = want.at(k);
            CHECK(sameBits(&one.r, &spanned.r, 4));
        }
        for (SimdLevel level : kWide) {
            if (!cpuSupports(level)) continue;
            CAPTURE(simdLevelName(level));
            SampledSpan got;
            sampleSpan(level, texture, sampler, lod, span, got);
            CHECK(sameBits(want.r, got.r, span.count));
            CHECK(sameBits(want.g, got.g, span.count));
            CHECK(sameBits(want.b, got.b, span.count));
            CHECK(sameBits(want.a, got.a, span.count));
        }
    }
}

TEST_CASE("pixel/sample_span: a span of 1 to kSpanQuads quads filters each quad at its own mip selection, bitwise at every width") {
    std::mt19937 rng(2468);
    for (int round = 0; round < 400; ++round) {
        const Texture texture = randomTexture(rng, 16, 8, 4, rng() % 3 ? TexelEncoding::Unorm8 : TexelEncoding::V16U16);
        SamplerState sampler;
        sampler.addressU = rng() % 2 ? TextureAddress::Wrap : TextureAddress::Border;
        sampler.addressV = rng() % 2 ? TextureAddress::Wrap : TextureAddress::Mirror;
        sampler.borderColor = uint32_t(rng());
        const int quads = 1 + int(rng() % kSpanQuads);
        // Neighbouring quads often share a selection (one view, one pass) and
        // sometimes differ in level, fraction or filter (a pass per selection).
        // Every fourth span has one view, each quad at a fraction of its own
        // (sampleSpan's one-view path). The quads past the span hold selections
        // of their own, which nothing may read.
        TextureLod selection[kSpanQuads];
        const bool oneView = round % 4 == 0;
        for (int q = 0; q < kSpanQuads; ++q) {
            if (q > 0 && (rng() % 2 || (oneView && q < quads))) {
                selection[q] = selection[q - 1];
                if (oneView && selection[q].fraction != 0) selection[q].fraction = 1 + int32_t(rng() % 255);
                continue;
            }
            selection[q].filter = rng() % 3 ? TextureFilter::Linear : TextureFilter::Point;
            selection[q].level = int(rng() % 3);
            selection[q].fraction = rng() % 3 ? int32_t(rng() % 256) : 0;
        }
        SpanLods lod;
        for (int q = 0; q < kSpanQuads; ++q) lod.set(q, selection[q]);
        SampleSpan span;
        span.count = 4 * quads;
        for (int p = 0; p < span.count; ++p) {
            span.u[p] = pickTexcoord(rng, 16);
            span.v[p] = pickTexcoord(rng, 8);
        }
        CAPTURE(round);
        CAPTURE(quads);
        SampledSpan want;
        sampleSpan(SimdLevel::Scalar, texture, sampler, lod, span, want);
        for (int p = 0; p < span.count; ++p) {  // width 1 is sampleTextureLod at the pixel's quad's selection
            const Rgba one = sampleTextureLod(texture, sampler, selection[p / 4], Vec2(span.u[p], span.v[p]));
            const Rgba spanned = want.at(p);
            CHECK(sameBits(&one.r, &spanned.r, 4));
        }
        for (SimdLevel level : kWide) {
            if (!cpuSupports(level)) continue;
            CAPTURE(simdLevelName(level));
            SampledSpan got;
            sampleSpan(level, texture, sampler, lod, span, got);
            CHECK(sameBits(want.r, got.r, span.count));
            CHECK(sameBits(want.g, got.g, span.count));
            CHECK(sameBits(want.b, got.b, span.count));
            CHECK(sameBits(want.a, got.a, span.count));
        }
    }
}
