// SPDX-License-Identifier: MIT
// The common stage's texcoords, derivatives, λ and mip selection over lanes
// (raster/pixel/texture_lod.h): hand-computed values, each quad as
// selectTextureLod alone selects, and every width bitwise equal to width 1
// over special values (0, denormals, infinities, NaN, powers of two) and
// random ones, spans of 1 to kSpanQuads quads with quads left out.
#include "raster/pixel/texture_lod.h"
#include "raster/vertex/texcoord_transform.h"
#include "tests/raster/lanes/lane_values.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

using namespace refrast;

namespace {

// A chain of `levels` levels from side × side (texel bytes unused: only the
// sizes and the level count enter the selection).
Texture chain(int side, int levels) {
    Texture t;
    for (int l = 0; l < levels; ++l, side = std::max(1, side / 2))
        t.levels.push_back(MipLevel{side, side, std::vector<uint8_t>(size_t(side) * size_t(side) * 4)});
    return t;
}

struct LodPlanes {
    alignas(64) float u[kSpanPixels] = {};
    alignas(64) float v[kSpanPixels] = {};
};

// Quad q's pixels 0, 1, 2, 3 at (u, v), (u + dx, v), (u, v + dy), (u + dx, v + dy).
void setQuad(LodPlanes& p, int q, float u, float v, float dx, float dy) {
    for (int k = 0; k < 4; ++k) {
        p.u[4 * q + k] = u + ((k & 1) ? dx : 0.0f);
        p.v[4 * q + k] = v + ((k >> 1) ? dy : 0.0f);
    }
}

// 0, a special or random float, or a multiple of 1/256 in [-4, 4).
float pickCoordOrZero(std::mt19937& rng) {
    switch (rng() % 4) {
        case 0: return 0.0f;
        case 1: return pick(rng);
        default: return float(int32_t(rng() % 2048) - 1024) / 256.0f;
    }
}

bool sameLod(const TextureLod& a, const TextureLod& b) {
    return a.filter == b.filter && a.level == b.level && a.fraction == b.fraction;
}

}  // namespace

TEST_CASE("pixel/texture_lod: hand-computed texcoords, λ and selections of a span's quads") {
    const Texture t = chain(256, 9);  // 256 ... 1
    SamplerState s;
    s.magFilter = TextureFilter::Point;
    s.minFilter = TextureFilter::Linear;
    s.mipFilter = TextureFilter::Linear;
    LodPlanes in;
    // Tiling 2. Quad 0: ∂u/∂x = 2 · 1/256 → ρ = 2 texels, λ = 256: level 1 exactly (MINFILTER).
    setQuad(in, 0, 0.25f, 0.5f, 1.0f / 256.0f, 0.0f);
    // Quad 1: ∂v/∂y = 2 · 3/1024 → ρ = 1.5: log2(2.25)·256 = 299.5 → 299, (299 + 1) >> 1 = 150:
    // level 0 blended 150/256 toward level 1.
    setQuad(in, 1, 0.0f, 0.0f, 0.0f, 3.0f / 1024.0f);
    // Quad 2: no derivative: ρ² = 0 → log2Fixed −64·256, (−16384 + 1) >> 1 = −8192: MAGFILTER, level 0.
    setQuad(in, 2, 0.75f, 0.75f, 0.0f, 0.0f);
    // Quad 3 has no pixel to sample: the first sampled quad's (quad 0's) selection.
    setQuad(in, 3, 0.0f, 0.0f, 0.5f, 0.5f);
    const SpanMask pixels = SpanMask(0x0FFF);
    for (SimdLevel level : {SimdLevel::Scalar, SimdLevel::Sse, SimdLevel::Avx2, SimdLevel::Avx512}) {
        if (!cpuSupports(level)) continue;
        CAPTURE(simdLevelName(level));
        SampleSpan uv;
        SpanLods lod;
        tiledStageSpan(level, t, s, in.u, in.v, 2.0f, 4, pixels, uv, lod);
        CHECK(uv.count == 16);
        CHECK(uv.u[1] == 0.5f + 2.0f / 256.0f);  // (0.25 + 1/256) · 2
        CHECK(uv.v[6] == 6.0f / 1024.0f);
        CHECK(sameLod(lod.at(0), TextureLod{TextureFilter::Linear, 1, 0}));
        CHECK(sameLod(lod.at(1), TextureLod{TextureFilter::Linear, 0, 150}));
        CHECK(sameLod(lod.at(2), TextureLod{TextureFilter::Point, 0, 0}));
        CHECK(sameLod(lod.at(3), lod.at(0)));
        // MIPMAPLODBIAS 0.5 (+128) and MIPFILTER POINT: quad 1 at λ = 278, floor((278 + 128) / 256) = 1;
        // quad 0 at 384 → 2; MAXMIPLEVEL 1 lifts quad 2 (λ = −8064, MAGFILTER) to level 1.
        SamplerState p = s;
        p.mipMapLodBias = 0.5f;
        p.mipFilter = TextureFilter::Point;
        p.maxMipLevel = 1;
        tiledStageSpan(level, t, p, in.u, in.v, 2.0f, 3, SpanMask(0x0FFF), uv, lod);
        CHECK(uv.count == 12);
        CHECK(sameLod(lod.at(0), TextureLod{TextureFilter::Linear, 2, 0}));
        CHECK(sameLod(lod.at(1), TextureLod{TextureFilter::Linear, 1, 0}));
        CHECK(sameLod(lod.at(2), TextureLod{TextureFilter::Point, 1, 0}));
        // Quad 0 without a pixel takes quad 1's selection, not its own level 2.
        tiledStageSpan(level, t, p, in.u, in.v, 2.0f, 2, SpanMask(0x00F0), uv, lod);
        CHECK(sameLod(lod.at(0), TextureLod{TextureFilter::Linear, 1, 0}));
        CHECK(sameLod(lod.at(1), TextureLod{TextureFilter::Linear, 1, 0}));
        // MIPFILTER NONE reads SetLOD's level.
        Texture managed = chain(256, 9);
        managed.lod = 3;
        p.mipFilter = TextureFilter::None;
        tiledStageSpan(level, managed, p, in.u, in.v, 2.0f, 2, SpanMask(0x00F0), uv, lod);
        CHECK(sameLod(lod.at(0), TextureLod{TextureFilter::Linear, 3, 0}));
        CHECK(sameLod(lod.at(1), TextureLod{TextureFilter::Linear, 3, 0}));
        // No quad with a pixel: every quad TextureLod{}.
        tiledStageSpan(level, managed, p, in.u, in.v, 2.0f, 2, SpanMask(0), uv, lod);
        CHECK(sameLod(lod.at(0), TextureLod{}));
        CHECK(sameLod(lod.at(1), TextureLod{}));
    }
}

TEST_CASE("pixel/texture_lod: every width selects bitwise like width 1, and width 1 like selectTextureLod per quad") {
    std::mt19937 rng(8642);
    const Texture chains[] = {chain(256, 9), chain(64, 3), chain(1, 1), chain(32, 6)};
    for (int round = 0; round < 4000; ++round) {
        const Texture& t = chains[rng() % 4];
        SamplerState s;
        s.magFilter = TextureFilter(rng() % 3);
        s.minFilter = TextureFilter(rng() % 3);
        s.mipFilter = TextureFilter(rng() % 3);
        s.maxMipLevel = int(rng() % 11);
        s.mipMapLodBias = rng() % 2 ? 0.0f : pick(rng);
        const float tiling = rng() % 2 ? 1.0f : (rng() % 2 ? float(1 + rng() % 8) : pick(rng));
        const int quads = 1 + int(rng() % kSpanQuads);
        const SpanMask pixels = SpanMask(rng() % 3 ? allQuads(quads) : (uint64_t(rng()) << 32 | rng()) & allQuads(quads));
        LodPlanes in;
        for (int q = 0; q < quads; ++q) {
            // Specials and random bits as coordinates, or a quad with steps from a
            // fraction of a texel to many (powers of two among them).
            if (rng() % 4 == 0) {
                for (int k = 0; k < 4; ++k) in.u[4 * q + k] = pick(rng), in.v[4 * q + k] = pick(rng);
                continue;
            }
            const float step = std::ldexp(1.0f, -int(rng() % 16)) * (rng() % 2 ? 1.0f : float(1 + rng() % 7));
            setQuad(in, q, pickCoordOrZero(rng), pickCoordOrZero(rng), rng() % 2 ? step : 0.0f, rng() % 3 ? step : 0.0f);
        }
        CAPTURE(round);
        CAPTURE(quads);
        SampleSpan want;
        SpanLods wantLod;
        tiledStageSpan(SimdLevel::Scalar, t, s, in.u, in.v, tiling, quads, pixels, want, wantLod);
        int firstSampled = -1;  // a quad without a pixel takes this one's selection
        for (int q = quads - 1; q >= 0; --q)
            if (quadBits(pixels, q)) firstSampled = q;
        for (int q = 0; q < quads; ++q) {
            const int from = quadBits(pixels, q) ? q : firstSampled;
            TextureLod alone{};
            if (from >= 0) {
                Vec2 uv[3];
                for (int k = 0; k < 3; ++k) uv[k] = tileTexcoord(Vec2(in.u[4 * from + k], in.v[4 * from + k]), tiling);
                alone = selectTextureLod(t, s, uv[1] - uv[0], uv[2] - uv[0]);
            }
            CHECK(sameLod(wantLod.at(q), alone));
        }
        for (SimdLevel level : kWide) {
            if (!cpuSupports(level)) continue;
            CAPTURE(simdLevelName(level));
            SampleSpan got;
            SpanLods gotLod;
            tiledStageSpan(level, t, s, in.u, in.v, tiling, quads, pixels, got, gotLod);
            CHECK(got.count == want.count);
            CHECK(sameBits(want.u, got.u, want.count));
            CHECK(sameBits(want.v, got.v, want.count));
            for (int q = 0; q < quads; ++q) CHECK(sameLod(wantLod.at(q), gotLod.at(q)));
        }
    }
}
