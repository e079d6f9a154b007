// SPDX-License-Identifier: MIT
// sampleTextureLod over lanes (raster/pixel/sample_span.h): included once by
// each sample_span_<level>.cpp after it sets REFRAST_LANES_TARGET. The scalar
// one (width 1) is refrast's sampler; every line is the formula of
// fixed-function reference §9.2-§9.4 (docs/textures.md T-6..T-11), the same
// IEEE operations in the same order for every lane.
#include "raster/lanes/lanes.h"
#include "raster/pixel/sample_span.h"
#include "raster/texture/texture.h"

#include <cstdint>

namespace refrast::REFRAST_LANES_NS {

namespace {

// Texel-space coordinates are clamped to ±2^30 before floor() so the int
// conversion is defined; NaN reads as 0 (rule T-6). At that magnitude a float
// has no fraction bits left, so the clamp changes no in-range result.
constexpr float kMaxTexelCoord = 1073741824.0f;

struct Channels {
    F r, g, b, a;
};

// One mip level as the kernel reads it.
struct LevelView {
    const float* texels;  // the decoded records r, g, b, a of each texel (raster/texture/decoded_levels.h)
    int width, height;
    int stride;            // records per row: texel (x, y) is record y * stride + x
    bool wrapsPowerOfTwo;  // WRAP on both axes, power-of-two sides, under 2 GiB of records
    struct {
        float r, g, b, a;
    } border;  // BORDERCOLOR, decoded as Unorm8 (splat only where a lane reads it); no default
               // value, so a span's array of views costs nothing to declare
};

// Filled field by field in place: a view built aside and copied in was
// stored in small pieces and read back as whole registers, a
// store-forwarding stall that was a quarter of sampleSpan's time (W1).
void viewLevel(LevelView& view, const Texture& texture, int level, const SamplerState& sampler) {
    const MipLevel& mip = texture.levels[size_t(level)];
    view.texels = texture.decoded.level(texture, level);
    view.width = mip.width;
    view.height = mip.height;
    view.stride = decodedRowRecords(mip.width);
    // (A level of 2 GiB or more, possible only above the default
    // --max-memory, takes the general path: the wrap path's records are
    // addressed by 32-bit byte offsets.)
    view.wrapsPowerOfTwo = sampler.addressU == TextureAddress::Wrap && sampler.addressV == TextureAddress::Wrap &&
                           (mip.width & (mip.width - 1)) == 0 && (mip.height & (mip.height - 1)) == 0 &&
                           decodedLevelBytes(mip.width, mip.height) <= uint64_t(INT32_MAX);
    const Rgba border = decodeD3DColor(sampler.borderColor);
    view.border = {border.r, border.g, border.b, border.a};
}

inline F texelSpace(F coord, int size) {
    const F x = coord * splat(float(size));
    return select(isNan(x), splat(0.0f), clamp(x, splat(-kMaxTexelCoord), splat(kMaxTexelCoord)));
}

// i mod n in [0, n). For a power of two n this is i & (n − 1) (two's
// complement), the same value without a division.
inline I32 positiveModulo(I32 i, int n) {
    if ((n & (n - 1)) == 0) return i & splatI(n - 1);
    return eachLane(i, [n](int32_t x) {
        const int32_t r = x % n;
        return r < 0 ? r + n : r;
    });
}

// Reference §9.2 (D3DTEXTUREADDRESS), applied per texel index; kBorderTexel
// means "use BORDERCOLOR".
inline I32 addressIndex(TextureAddress mode, I32 i, int n) {
    const I32 zero = splatI(0), last = splatI(n - 1);
    switch (mode) {
        case TextureAddress::Wrap: return positiveModulo(i, n);  // i mod N
        case TextureAddress::Mirror: {                           // period 2N, reflected second half
            const I32 j = positiveModulo(i, 2 * n);
            return select(j < splatI(n), j, splatI(2 * n - 1) - j);
        }
        case TextureAddress::Clamp: return clamp(i, zero, last);  // edge texel, never border
        case TextureAddress::Border: return select((i < zero) | (i >= splatI(n)), splatI(kBorderTexel), i);
        case TextureAddress::MirrorOnce:  // mirror once, then clamp
            return clamp(select(i < zero, splatI(-1) - i, i), zero, last);
    }
    return clamp(i, zero, last);
}

// The texel at record y * stride + x: its decoded values (rule T-11,
// decodeTexel's).
inline Channels fetch(const LevelView& level, I32 index) {
    F c[4];
    gatherRecords4(level.texels, index, c);
    return {c[0], c[1], c[2], c[3]};
}

// The texel at addressed indices (x, y); a border index on either axis gives BORDERCOLOR.
inline Channels texelAt(const LevelView& level, I32 x, I32 y) {
    const I32 borderIndex = splatI(kBorderTexel);
    const IMask border = (x == borderIndex) | (y == borderIndex);
    Channels c = fetch(level, select(border, splatI(0), y * splatI(level.stride) + x));
    if (!any(asMask(border))) return c;
    const Mask m = asMask(border);
    return {select(m, splat(level.border.r), c.r), select(m, splat(level.border.g), c.g),
            select(m, splat(level.border.b), c.b), select(m, splat(level.border.a), c.a)};
}

inline Channels operator+(const Channels& x, const Channels& y) { return {x.r + y.r, x.g + y.g, x.b + y.b, x.a + y.a}; }
inline Channels operator-(const Channels& x, const Channels& y) { return {x.r - y.r, x.g - y.g, x.b - y.b, x.a - y.a}; }
inline Channels operator*(F t, const Channels& x) { return {t * x.r, t * x.g, t * x.b, t * x.a}; }

// lerp(a, b, t) = a + t·(b − a), per channel, in this operation order: over
// Channels with a weight per lane, or over whole Records (lanes.h) with the
// weight repeated over each record's channels (perRecord).
template <class Texels, class Weight>
inline Texels lerp(const Texels& a, const Texels& b, const Weight& t) {
    return a + t * (b - a);
}

// Point: i = floor(u·N), j = floor(v·M) (reference §9.3).
inline Channels samplePoint(const LevelView& level, const SamplerState& sampler, F u, F v) {
    const I32 i = truncToInt(floor(texelSpace(u, level.width)));
    const I32 j = truncToInt(floor(texelSpace(v, level.height)));
    return texelAt(level, addressIndex(sampler.addressU, i, level.width),
                   addressIndex(sampler.addressV, j, level.height));
}

// The bilinear weight of the right/lower texel, quantised to 8 fraction bits:
// floor(α · 256) / 256 (rule T-7). α = x − floor(x) is exact in float.
inline F quantisedWeight(F x, F floorX) {
    const F scale = splat(float(1 << kSubtexelFractionBits));
    return floor((x - floorX) * scale) / scale;
}

// Bilinear: x = u·N − 0.5, i0 = floor(x), α = x − i0; lerp of lerps (reference §9.3).
inline Channels sampleBilinear(const LevelView& level, const SamplerState& sampler, F u, F v) {
    const F x = texelSpace(u, level.width) - splat(0.5f);
    const F y = texelSpace(v, level.height) - splat(0.5f);
    const F x0 = floor(x), y0 = floor(y);
    const F alpha = quantisedWeight(x, x0), beta = quantisedWeight(y, y0);
    const I32 i0 = truncToInt(x0), j0 = truncToInt(y0), one = splatI(1);
    if (level.wrapsPowerOfTwo) {
        // WRAP on power-of-two sides: i mod N = i & (N − 1) (positiveModulo)
        // and no border texel, so rows and columns index the level directly;
        // column xb = (xa + 1) mod N is the record after xa (the row's
        // padding record repeats column 0), so each row's pair is one load.
        const I32 stride = splatI(level.stride), wMask = splatI(level.width - 1), hMask = splatI(level.height - 1);
        const I32 rowA = (j0 & hMask) * stride, rowB = ((j0 + one) & hMask) * stride;
        // The lerps run over whole records, which are transposed to channels
        // once, after them (Records).
        const I32 xa = i0 & wMask;
        const Records alphas = perRecord(alpha);
        Records a, b;
        gatherRecordPairs(level.texels, (rowA + xa) << 4, a, b);  // byte offsets: the level is under 2 GiB
        const Records top = lerp(a, b, alphas);
        gatherRecordPairs(level.texels, (rowB + xa) << 4, a, b);
        const Records bottom = lerp(a, b, alphas);
        F c[4];
        channelsOf(lerp(top, bottom, perRecord(beta)), c);
        return {c[0], c[1], c[2], c[3]};
    }
    // Each axis addressed once: columns xa = i0, xb = i0 + 1; rows ya = j0, yb = j0 + 1.
    const I32 xa = addressIndex(sampler.addressU, i0, level.width);
    const I32 xb = addressIndex(sampler.addressU, i0 + one, level.width);
    const I32 ya = addressIndex(sampler.addressV, j0, level.height);
    const I32 yb = addressIndex(sampler.addressV, j0 + one, level.height);
    const Channels top = lerp(texelAt(level, xa, ya), texelAt(level, xb, ya), alpha);
    const Channels bottom = lerp(texelAt(level, xa, yb), texelAt(level, xb, yb), alpha);
    return lerp(top, bottom, beta);
}

inline Channels filterLevel(const LevelView& level, TextureFilter filter, const SamplerState& sampler, F u, F v) {
    if (filter == TextureFilter::Linear) return sampleBilinear(level, sampler, u, v);
    return samplePoint(level, sampler, u, v);
}

// One mip selection as the kernel reads it: the level, and for MIPFILTER
// LINEAR (a blend fraction above 0) the next one (`far`, not read
// otherwise). The fraction itself is each lane's own (its quad's), so quads
// that differ only in it filter as one.
struct LodView {
    TextureFilter filter;
    bool trilinear;
    LevelView near, far;
};

void viewLod(LodView& view, const Texture& texture, const SamplerState& sampler, const TextureLod& lod) {
    view.filter = lod.filter;
    view.trilinear = lod.fraction != 0;
    viewLevel(view.near, texture, lod.level, sampler);
    if (view.trilinear) viewLevel(view.far, texture, lod.level + 1, sampler);
}

// The level, then for MIPFILTER LINEAR the blend toward level + 1 by t, the
// lane's fraction / 256.
inline Channels filterLod(const LodView& lod, const SamplerState& sampler, F u, F v, F t) {
    Channels c = filterLevel(lod.near, lod.filter, sampler, u, v);
    if (lod.trilinear) c = lerp(c, filterLevel(lod.far, lod.filter, sampler, u, v), t);
    return c;
}

// Whether two selections filter through one view: the same filter and level,
// both blending toward the next level or neither.
inline bool sameView(const TextureLod& a, const TextureLod& b) {
    return a.filter == b.filter && a.level == b.level && (a.fraction != 0) == (b.fraction != 0);
}

inline Channels selectChannels(Mask m, const Channels& a, const Channels& b) {
    return {select(m, a.r, b.r), select(m, a.g, b.g), select(m, a.b, b.b), select(m, a.a, b.a)};
}

static_assert(kSpanPixels % 16 == 0 && kWidth <= kSpanPixels, "a lane group lies in the span");

// Quad q's selection (SpanLods::at, in the kernel's own namespace).
inline TextureLod selectionOf(const SpanLods& lod, int q) {
    return {TextureFilter(lod.filter[q]), lod.level[q], lod.fraction[q]};
}

// Whether every quad of the span selects as quad 0 does (sameView), a lane
// group of quads at a time.
inline bool oneView(const SpanLods& lod, int quads) {
    const I32 filter = splatI(lod.filter[0]), level = splatI(lod.level[0]), zero = splatI(0);
    const bool trilinear = lod.fraction[0] != 0;
    const I32 laneIndex = laneIndices();
    for (int q = 0; q < quads; q += kWidth) {
        const I32 fraction = loadI(lod.fraction + q);
        const IMask sameFilter = loadI(lod.filter + q) == filter, sameLevel = loadI(lod.level + q) == level;
        const IMask same = sameFilter & sameLevel & (trilinear ? fraction != zero : fraction == zero);
        const IMask past = laneIndex >= splatI(quads - q);  // lanes past the span: any value
        if (laneBits(same | past) != (1u << kWidth) - 1u) return false;
    }
    return true;
}

}  // namespace

int32_t addressTexel(TextureAddress mode, int32_t i, int n) {
    int32_t out[kWidth];
    store(out, addressIndex(mode, splatI(i), n));
    return out[0];
}

// Each quad at its own selection (sample_span.h): the distinct views of the
// span's quads (sameView) are made once; a lane group holds one quad below
// width 8 and filters once, a wider one filters once per distinct view
// among its quads and keeps each lane's own. The blend fraction is per lane:
// across a perspective span every quad's differs, and grouping by it
// filtered every quad of a group apart. Most spans have one view: their
// quads are compared and filtered a lane group at a time, without the
// search.
void sampleSpan(const Texture& texture, const SamplerState& sampler, const SpanLods& lod, const SampleSpan& in,
                const SampledPlanes& out) {
    const int quads = (in.count + 3) / 4;
    if (quads == 0) return;  // no pixel: no selection to view (quad 0's is not written)
    // Each quad's blend fraction / 256 (0 past the span), broadcast to its
    // pixels' lanes (quadLanes): exact, fraction < 256.
    constexpr float kOne = float(1 << kLodFractionBits);
    alignas(64) float fraction[kSpanQuads];
    const I32 laneIndex = laneIndices();
    for (int q = 0; q < quads; q += kWidth)  // (the lane groups quadLanes reads)
        store(fraction + q, select(asMask(laneIndex < splatI(quads - q)),
                                   toFloat(loadI(lod.fraction + q)) * splat(1.0f / kOne), splat(0.0f)));
    float* const r = out.r;  // (held in registers across the stores)
    float* const g = out.g;
    float* const b = out.b;
    float* const a = out.a;
    LodView views[kSpanQuads];
    if (oneView(lod, quads)) {
        viewLod(views[0], texture, sampler, selectionOf(lod, 0));
        for (int i = 0; i < in.count; i += kWidth) {
            const Channels c = filterLod(views[0], sampler, load(in.u + i), load(in.v + i), quadLanes(fraction + i / 4));
            store(r + i, c.r);
            store(g + i, c.g);
            store(b + i, c.b);
            store(a + i, c.a);
        }
        return;
    }
    int viewed[kSpanQuads];  // the selection of views[d] is quad viewed[d]'s
    int which[kSpanQuads];   // quad q filters at views[which[q]]
    int distinct = 0;
    for (int q = 0; q < quads; ++q) {
        int d = 0;
        while (d < distinct && !sameView(selectionOf(lod, viewed[d]), selectionOf(lod, q))) ++d;
        which[q] = d;
        if (d == distinct) {
            viewed[distinct] = q;
            viewLod(views[distinct++], texture, sampler, selectionOf(lod, q));
        }
    }
    for (int i = 0; i < in.count; i += kWidth) {
        const F u = load(in.u + i), v = load(in.v + i), t = quadLanes(fraction + i / 4);
        const int first = i / 4, end = (i + kWidth - 1) / 4, last = end < quads ? end : quads - 1;  // the group's quads
        Channels c = filterLod(views[which[first]], sampler, u, v, t);
        for (int q = first + 1; q <= last; ++q) {  // (two views at least: oneView was false)
            const int d = which[q];
            bool seen = false;
            for (int r = first; r < q; ++r) seen = seen || which[r] == d;
            if (seen) continue;
            alignas(64) int32_t lanes[kWidth];
            for (int j = 0; j < kWidth; ++j) lanes[j] = (i + j) / 4 < quads && which[(i + j) / 4] == d ? -1 : 0;
            c = selectChannels(asMask(loadI(lanes) < splatI(0)), filterLod(views[d], sampler, u, v, t), c);
        }
        store(r + i, c.r);
        store(g + i, c.g);
        store(b + i, c.b);
        store(a + i, c.a);
    }
}

}  // namespace refrast::REFRAST_LANES_NS
