// SPDX-License-Identifier: MIT
// The common stage's coordinates, derivatives, λ and mip selection over
// lanes (raster/pixel/texture_lod.h): included once by each
// texture_lod_<level>.cpp after it sets REFRAST_LANES_TARGET. The mip
// selection's lanes are a span's quads (lane q: quad q); the coordinates'
// lanes its pixels. Every line is the formula of fixed-function reference
// §9.4 (docs/textures.md T-9, T-10), the same IEEE and integer operations in
// the same order for every lane; lodFixed and selectTextureLodAt at width 1
// are refrast's (sampler.cpp).
#include "raster/lanes/lanes.h"
#include "raster/math/log2_fixed.inl"
#include "raster/pixel/texture_lod.h"

#include <array>

namespace refrast::REFRAST_LANES_NS {

namespace {

// λ in 1/256 levels before MIPMAPLODBIAS (lodFixed): round(log2(ρ) · 256) with
// ρ² = max(ax² + ay², bx² + by²), (ax, ay) = (∂u/∂x · W, ∂v/∂x · H),
// (bx, by) = (∂u/∂y · W, ∂v/∂y · H) for the base level W × H.
inline I32 lodFixedLanes(F dudx, F dvdx, F dudy, F dvdy, float width, float height, int used) {
    const F w = splat(width), h = splat(height);
    const F ax = dudx * w, ay = dvdx * h;
    const F bx = dudy * w, by = dvdy * h;
    const F lengthXSquared = ax * ax + ay * ay;
    const F lengthYSquared = bx * bx + by * by;
    const F rhoSquared = max(lengthXSquared, lengthYSquared);
    // log2(ρ) = log2(ρ²)/2: floor(log2(ρ²)·256) = floor(log2(ρ)·512), and
    // (that + 1) >> 1 rounds log2(ρ)·256 half up (rule T-9).
    return (log2Fixed(rhoSquared, kLodFractionBits, used) + splatI(1)) >> 1;
}

// What the mip selection reads of the texture and its sampler, per stage.
struct LodRule {
    int32_t magFilter, minFilter;  // TextureFilter values
    TextureFilter mipFilter;
    int32_t noneLevel;    // MIPFILTER NONE: the level SetLOD leaves, clamped to the chain
    int32_t first, last;  // the levels MIPFILTER POINT and LINEAR may take
};

LodRule lodRule(const Texture& texture, const SamplerState& sampler) {
    const int32_t last = int32_t(texture.levels.size()) - 1;
    const auto clampLevel = [last](int32_t l) { return l < 0 ? 0 : (last < l ? last : l); };  // std::clamp(l, 0, last)
    return {int32_t(sampler.magFilter), int32_t(sampler.minFilter), sampler.mipFilter, clampLevel(texture.lod),
            clampLevel(sampler.maxMipLevel < texture.lod ? texture.lod : sampler.maxMipLevel), last};
}

struct LodLanes {
    I32 filter, level, fraction;  // TextureLod's fields
};

// Reference §9.4: λ ≤ 0 magnifies (MAGFILTER), λ > 0 minifies (MINFILTER);
// MIPFILTER NONE reads level 0 and ignores MAXMIPLEVEL; POINT takes the level
// nearest λ (floor(λ + 0.5)); LINEAR blends floor(λ) and floor(λ) + 1 by
// frac(λ). Levels are clamped to [MAXMIPLEVEL, levels − 1] (rule T-10).
// SetLOD removes the levels above `texture.lod` from the managed texture, so
// even MIPFILTER NONE reads that level.
inline LodLanes selectLodLanes(const LodRule& rule, I32 lambda) {
    constexpr int32_t kOne = 1 << kLodFractionBits;
    const I32 zero = splatI(0);
    const I32 filter = select(lambda <= zero, splatI(rule.magFilter), splatI(rule.minFilter));
    if (rule.mipFilter == TextureFilter::None) return {filter, splatI(rule.noneLevel), zero};
    if (rule.mipFilter == TextureFilter::Point)
        return {filter, clamp((lambda + splatI(kOne / 2)) >> kLodFractionBits, splatI(rule.first), splatI(rule.last)),
                zero};
    const I32 clamped = clamp(lambda, splatI(rule.first * kOne), splatI(rule.last * kOne));
    return {filter, clamped >> kLodFractionBits, clamped & splatI(kOne - 1)};
}

// Lane j reads pixel 0 of quad min(j, kSpanQuads - 1) (lanes past a span's quads repeat its last).
constexpr int kQuadLanes = kSpanQuads > 16 ? kSpanQuads : 16;
alignas(64) constexpr std::array<int32_t, kQuadLanes> kQuadPixel0 = [] {
    std::array<int32_t, kQuadLanes> lanes{};
    for (int j = 0; j < kQuadLanes; ++j) lanes[size_t(j)] = 4 * (j < kSpanQuads ? j : kSpanQuads - 1);
    return lanes;
}();
static_assert(kWidth <= kQuadLanes, "one lane per quad");

}  // namespace

int32_t lodFixed(float dudx, float dvdx, float dudy, float dvdy, int width, int height) {
    alignas(64) int32_t out[kWidth];
    store(out, lodFixedLanes(splat(dudx), splat(dvdx), splat(dudy), splat(dvdy), float(width), float(height), 1));
    return out[0];
}

TextureLod selectTextureLodAt(const Texture& texture, const SamplerState& sampler, int32_t lambda) {
    const LodLanes lod = selectLodLanes(lodRule(texture, sampler), splatI(lambda));
    alignas(64) int32_t filter[kWidth], level[kWidth], fraction[kWidth];
    store(filter, lod.filter);
    store(level, lod.level);
    store(fraction, lod.fraction);
    return {TextureFilter(filter[0]), level[0], fraction[0]};
}

void tiledStageSpan(const Texture& texture, const SamplerState& sampler, const float* u, const float* v,
                    float tiling, int quads, SampleSpan& uv, SpanLods& lod) {
    // The coordinates: tileTexcoord, pixel by pixel in lanes.
    const int n = 4 * quads;
    const F t = splat(tiling);
    for (int p = 0; p < n; p += kWidth) {
        store(uv.u + p, load(u + p) * t);
        store(uv.v + p, load(v + p) * t);
    }
    uv.count = n;
    // Each quad's derivatives and mip selection, the quads as lanes.
    const LodRule rule = lodRule(texture, sampler);
    const I32 bias = splatI(sampler.mipMapLodBias == 0.0f ? 0 : lodBiasFixed(sampler.mipMapLodBias));  // lodBiasFixed(±0) = 0
    const float width = float(texture.levels[0].width), height = float(texture.levels[0].height);
    const I32 pixel0 = loadI(kQuadPixel0.data());
    for (int q = 0; q < quads; q += kWidth) {
        const float* qu = uv.u + 4 * q;
        const float* qv = uv.v + 4 * q;
        F pu[4], pv[4];  // lane k of pu[c]: pixel c of quad q + k
        if constexpr (kWidth <= kSpanQuads) {
            // The span's quads are whole records of four pixels: a load per
            // quad and a transpose instead of six emulated gathers.
            loadRecords4(qu, 4, pu);
            loadRecords4(qv, 4, pv);
        } else {  // more lanes than quads: the last quad repeats (kQuadPixel0)
            for (int c = 0; c < 3; ++c) pu[c] = gather(qu + c, pixel0), pv[c] = gather(qv + c, pixel0);
        }
        const I32 lambda = lodFixedLanes(pu[1] - pu[0], pv[1] - pv[0], pu[2] - pu[0], pv[2] - pv[0], width, height,
                                            quads - q) + bias;
        const LodLanes sel = selectLodLanes(rule, lambda);
        static_assert(kSpanQuads % kWidth == 0, "the selections are stored in whole lane groups");
        store(lod.filter + q, sel.filter);
        store(lod.level + q, sel.level);
        store(lod.fraction + q, sel.fraction);
    }
}

}  // namespace refrast::REFRAST_LANES_NS
