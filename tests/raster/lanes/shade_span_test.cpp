// SPDX-License-Identifier: MIT
// Lane equivalence of the pixel kernels (raster/pixel/shade_span.h): the
// fixed-function chain (every D3DTOP, argument modifiers, RESULTARG,
// PREMODULATE, bump pass-through, specular add, every fog source and mode,
// the material ramp and depth fade fallbacks) and the 8-bit blend and colour
// write (every D3DBLEND factor and D3DBLENDOP, separate alpha, masks, targets
// with and without alpha) and the perspective-correct interpolation of a
// span of quads give, at every width the CPU runs, the bits of
// width 1, and width 1 gives the bits of the per-pixel scalar functions.
#include "raster/output/alpha_blend.h"
#include "raster/output/color_write.h"
#include "raster/pixel/pixel_reads.h"
#include "raster/pixel/shade_span.h"
#include "raster/pixel/shading_plan.h"
#include "tests/raster/lanes/lane_values.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {

template <class E>
E pickEnum(std::mt19937& rng, int first, int last) {
    return E(first + int(rng() % unsigned(last - first + 1)));
}

TextureArgument pickArg(std::mt19937& rng) {
    return {pickEnum<TextureArg>(rng, 0, 6), rng() % 4 == 0, rng() % 4 == 0};
}

// A random state over every op, argument, option, fog source and mode.
PixelState randomPixelState(std::mt19937& rng) {
    PixelState s;
    const int stages = 1 + int(rng() % kMaxTextureStages);
    for (int i = 0; i < kMaxTextureStages; ++i) {
        TextureStageState& t = s.stages[size_t(i)];
        t.colorOp = i < stages ? pickEnum<TextureOp>(rng, 2, 26) : TextureOp::Disable;
        t.alphaOp = rng() % 5 == 0 ? TextureOp::Disable : pickEnum<TextureOp>(rng, 2, 26);
        t.colorArg0 = pickArg(rng);
        t.colorArg1 = pickArg(rng);
        t.colorArg2 = pickArg(rng);
        t.alphaArg0 = pickArg(rng);
        t.alphaArg1 = pickArg(rng);
        t.alphaArg2 = pickArg(rng);
        t.resultArg = rng() % 3 == 0 ? TextureArg::Temp : TextureArg::Current;
        t.constant = uint32_t(rng());
        if (rng() % 3) s.textures[size_t(i)].texture = 0;
    }
    s.textureFactor = uint32_t(rng());
    s.specularEnable = rng() % 2;
    s.options.missingTexture = pickEnum<MissingTextureRule>(rng, 0, 1);
    s.options.lastStageTemp = pickEnum<LastStageTemp>(rng, 0, 1);
    s.options.premodulate = pickEnum<PremodulateRule>(rng, 0, 1);
    s.options.negativeTableFog = pickEnum<NegativeTableFog>(rng, 0, 1);
    s.options.vertexFogEvaluation = pickEnum<VertexFogEvaluation>(rng, 0, 1);
    s.fog.enable = rng() % 4 != 0;
    s.fog.tableMode = rng() % 2 ? FogMode::None : pickEnum<FogMode>(rng, 0, 3);
    s.fog.vertexMode = pickEnum<FogMode>(rng, 0, 3);
    s.fog.color = uint32_t(rng());
    s.fog.start = pick(rng);
    s.fog.end = rng() % 5 == 0 ? s.fog.start : pick(rng);
    s.fog.density = pick(rng);
    s.fog.squaredDistance = rng() % 4 == 0;
    s.materialRamp = {rng() % 6 == 0, uint32_t(rng()), uint32_t(rng() % 2 ? 0xFF808080u : rng())};
    s.depthFade = {rng() % 6 == 0, pick(rng), pick(rng)};
    return s;
}

Rgba pickRgba(std::mt19937& rng) { return {pick(rng), pick(rng), pick(rng), pick(rng)}; }

// Stage 0 made plain (StageCascade::plain: MODULATE or SELECTARG1/2 of
// TEXTURE and DIFFUSE/CURRENT, no modifiers) and the only stage, as most
// old games draw; random states almost never are.
void makePlainStage(std::mt19937& rng, PixelState& s) {
    const TextureOp ops[3] = {TextureOp::Modulate, TextureOp::SelectArg1, TextureOp::SelectArg2};
    const TextureArg args[3] = {TextureArg::Texture, TextureArg::Diffuse, TextureArg::Current};
    TextureStageState& t = s.stages[0];
    t.colorOp = ops[rng() % 3];
    t.alphaOp = ops[rng() % 3];
    t.colorArg1 = {args[rng() % 3], false, false};
    t.colorArg2 = {args[rng() % 3], false, false};
    t.alphaArg1 = {args[rng() % 3], false, false};
    t.alphaArg2 = {args[rng() % 3], false, false};
    t.resultArg = TextureArg::Current;
    s.textures[0].texture = 0;
    s.stages[1].colorOp = TextureOp::Disable;
}

}  // namespace

TEST_CASE("pixel/shade_span: every width shades bitwise like width 1, and width 1 like fixedFunctionPixel") {
    std::mt19937 rng(1234);
    int lean = 0;  // rounds whose plan takes shade's lean path (leanShading)
    for (int round = 0; round < 1500; ++round) {
        PixelState state = randomPixelState(rng);
        if (round % 4 == 0) makePlainStage(rng, state);
        if (round % 4 == 1) state.stages[0].colorOp = TextureOp::Disable;  // no stage: an untextured draw
        const uint8_t bound = boundStageMask(state);
        const bool hasNormals = rng() % 2;
        const FogSelection fog{fogSource(state.fog, rng() % 2), pickEnum<TableFogInput>(rng, 0, 1)};
        const StageCascade cascade = makeStageCascade(state, bound);
        const ShadingPlan plan = makeShadingPlan(state, cascade, fog, bound, hasNormals);
        lean += leanShading(plan);
        FragmentSpan span;
        span.count = 1 + int(rng() % kSpanPixels);  // odd tails included
        ColorPlanes diffuse, specular;  // the planes the span points at
        alignas(64) float depthZ[kSpanPixels] = {}, depthW[kSpanPixels] = {}, vertexFactor[kSpanPixels] = {},
                          vertexDistance[kSpanPixels] = {}, viewDepth[kSpanPixels] = {};
        span.diffuse[0] = diffuse.r, span.diffuse[1] = diffuse.g, span.diffuse[2] = diffuse.b, span.diffuse[3] = diffuse.a;
        span.specular[0] = specular.r, span.specular[1] = specular.g, span.specular[2] = specular.b,
        span.specular[3] = specular.a;
        span.depthZ = depthZ, span.depthW = depthW, span.vertexFactor = vertexFactor;
        span.vertexDistance = vertexDistance, span.viewDepth = viewDepth;
        PixelInputs in[kSpanPixels];
        for (int k = 0; k < span.count; ++k) {
            PixelInputs& p = in[k];
            p.stages.diffuse = pickRgba(rng);
            p.stages.specular = pickRgba(rng);
            for (Rgba& t : p.stages.texture) t = pickRgba(rng);
            p.stages.boundMask = bound;
            p.fog = {pick(rng), pick(rng), pick(rng), pick(rng), p.stages.specular.a};
            p.viewDepth = pick(rng);
            p.hasNormals = hasNormals;
            diffuse.set(k, p.stages.diffuse);
            specular.set(k, p.stages.specular);
            for (int s = 0; s < kMaxTextureStages; ++s) span.texture[s].set(k, p.stages.texture[size_t(s)]);
            depthZ[k] = p.fog.depthZ;
            depthW[k] = p.fog.depthW;
            vertexFactor[k] = p.fog.vertexFactor;
            vertexDistance[k] = p.fog.vertexDistance;
            viewDepth[k] = p.viewDepth;
        }
        CAPTURE(round);
        ColorPlanes want;
        shadeSpan(SimdLevel::Scalar, state, plan, span, want);
        for (int k = 0; k < span.count; ++k) {
            const Rgba one = fixedFunctionPixel(state, cascade, fog, in[k]);
            const Rgba spanned = want.at(k);
            CHECK(sameBits(&one.r, &spanned.r, 4));
        }
        for (SimdLevel level : kWide) {
            if (!cpuSupports(level)) continue;
            CAPTURE(simdLevelName(level));
            ColorPlanes got;
            shadeSpan(level, state, plan, span, got);
            CHECK(sameBits(want.r, got.r, span.count));
            CHECK(sameBits(want.g, got.g, span.count));
            CHECK(sameBits(want.b, got.b, span.count));
            CHECK(sameBits(want.a, got.a, span.count));
        }
    }
    // About 375 plain and 375 stageless rounds, two thirds of them without
    // the material ramp and depth fade (each on in 1 of 6 states): lean.
    CHECK(lean > 400);
}

TEST_CASE("pixel/shade_span: every width blends and writes 8-bit pixels like alphaBlend and colorWrite") {
    std::mt19937 rng(4321);
    int wholeRows = 0;
    for (int round = 0; round < 1500; ++round) {
        BlendState blend;
        blend.enable = rng() % 5 != 0;
        blend.srcBlend = pickEnum<Blend>(rng, 1, 15);
        blend.destBlend = pickEnum<Blend>(rng, 1, 15);
        blend.blendOp = pickEnum<BlendOp>(rng, 1, 5);
        blend.separateAlpha = rng() % 3 == 0;
        blend.srcBlendAlpha = pickEnum<Blend>(rng, 1, 15);
        blend.destBlendAlpha = pickEnum<Blend>(rng, 1, 15);
        blend.blendOpAlpha = pickEnum<BlendOp>(rng, 1, 5);
        blend.blendFactor = uint32_t(rng());
        ShadingPlan plan;
        plan.blend = makeBlendPlan(blend);
        plan.colorWriteMask = rng() % 2 ? 0xF : uint8_t(rng() % 16);
        const bool hasAlpha = rng() % 3 != 0;
        // A span of 1..kSpanQuads quads at distinct places of a frame of two
        // quad rows and 4 columns per quad (so every quad fits): the first
        // `split` quads in the top quad row, the others in the next, as the
        // traversal gathers a triangle's quads; each quad whole (live),
        // empty or a random part, like the merger's spans. One round in
        // four is a whole quad row: kSpanQuads neighbours in one quad row,
        // every pixel live, or but one quad (the kernels' row copy, and
        // the quad by quad one for a row with a dead pixel).
        QuadSpan span;
        SpanMask live = 0;
        if (rng() % 4 == 0) {
            const int y = 2 * int(rng() % 2), x = 2 * int(rng() % (kSpanQuads + 1));
            live = wholeQuadRowSpan(rng, x, y, span);
            wholeRows += live == ~SpanMask(0);
        } else {
            span.quads = 1 + int(rng() % kSpanQuads);
            const int split = int(rng() % unsigned(span.quads + 1));
            for (int q = 0; q < span.quads; ++q) {
                span.y[q] = q < split ? 0 : 2;
                span.x[q] = 4 * (q < split ? q : q - split) + 2 * int(rng() % 2);
                const int kind = int(rng() % 3);
                live = SpanMask(live | spanBits(kind == 0 ? 0xF : kind == 1 ? 0 : uint8_t(rng()), q));
            }
        }
        constexpr int kFrameWidth = 4 * kSpanQuads;
        ColorPlanes color;
        for (int k = 0; k < span.pixels(); ++k)
            color.set(k, rng() % 3 ? Rgba{float(rng() % 512) / 511.0f, float(rng() % 256) / 255.0f, pick(rng), pick(rng)}
                                   : Rgba{pick(rng), pick(rng), pick(rng), pick(rng)});
        uint8_t stored[4 * kFrameWidth][4];
        for (auto& px : stored)
            for (uint8_t& c : px) c = uint8_t(rng());
        CAPTURE(round);
        // Width 1 is the merger's per-pixel blend and write mask, live pixels only.
        uint8_t one[4 * kFrameWidth][4];
        std::memcpy(one, stored, sizeof stored);
        const uint8_t mask = uint8_t(plan.colorWriteMask & (hasAlpha ? 0xF : 0x7));
        for (int p = 0; p < span.pixels(); ++p) {
            if (!(live >> p & 1)) continue;
            uint8_t* px = one[span.pixelY(p) * kFrameWidth + span.pixelX(p)];
            const Rgba8 old{px[0], px[1], px[2], px[3]};
            const Rgba8 out = colorWrite(mask, alphaBlend(blend, color.at(p), old, hasAlpha), old);
            px[0] = out.r, px[1] = out.g, px[2] = out.b, px[3] = out.a;
        }
        for (SimdLevel level : {SimdLevel::Scalar, SimdLevel::Sse, SimdLevel::Avx2, SimdLevel::Avx512}) {
            if (!cpuSupports(level)) continue;
            CAPTURE(simdLevelName(level));
            alignas(4) uint8_t got[4 * kFrameWidth][4];
            std::memcpy(got, stored, sizeof stored);
            writeColorSpan(level, plan, hasAlpha, color, span, live, {reinterpret_cast<uint32_t*>(got), kFrameWidth});
            CHECK(std::memcmp(one, got, sizeof one) == 0);
        }
    }
    CHECK(wholeRows > 150);  // about 1500 / 8
}

TEST_CASE("pixel/shade_span: DESTCOLOR / INVSRCALPHA on a stored pixel, by hand") {
    BlendState blend;
    blend.enable = true;
    blend.srcBlend = Blend::DestColor;
    blend.destBlend = Blend::InvSrcAlpha;
    ShadingPlan plan;
    plan.blend = makeBlendPlan(blend);
    ColorPlanes color;
    color.set(0, {0.5f, 0.25f, 1.0f, 0.5f});
    for (SimdLevel level : {SimdLevel::Scalar, SimdLevel::Sse, SimdLevel::Avx2, SimdLevel::Avx512}) {
        if (!cpuSupports(level)) continue;
        alignas(4) uint8_t px[2][2][4] = {{{255, 128, 0, 255}, {1, 2, 3, 4}}, {{5, 6, 7, 8}, {9, 10, 11, 12}}};
        QuadSpan span;
        span.quads = 1;  // one quad at (0, 0), only its pixel 0 live
        writeColorSpan(level, plan, true, color, span, 0x1, {reinterpret_cast<uint32_t*>(px), 2});
        CHECK(px[0][1][0] == 1);  // the quad's other pixels are not written
        CHECK(px[1][0][0] == 5);
        CHECK(px[1][1][3] == 12);
        // d = (1, 128/255, 0, 1); s * d + d * (1 - 0.5):
        // r 0.5 + 0.5 = 1 -> 255; g 0.25 * 128/255 + 128/255 * 0.5 = 96/255 -> 96;
        // b 0 + 0 -> 0; a 0.5 + 0.5 = 1 -> 255.
        CHECK(px[0][0][0] == 255);
        CHECK(px[0][0][1] == 96);
        CHECK(px[0][0][2] == 0);
        CHECK(px[0][0][3] == 255);
    }
}

TEST_CASE("rasterize/interpolate: every width interpolates depth and varyings of a span of 1 to kSpanQuads quads bitwise like width 1") {
    std::mt19937 rng(777);
    const SimdLevel saved = simdLevel();
    for (int round = 0; round < 600; ++round) {
        // Three records: window position (with 1/w) and the varyings.
        float records[3][kRecordVaryings + kMaxVaryings] = {};
        for (auto& r : records)
            for (float& f : r) f = pick(rng);
        VaryingLayout layout;
        layout.count = 1 + int(rng() % kMaxVaryings);
        layout.flatCount = int(rng() % 9) > layout.count ? layout.count : int(rng() % 9);
        SetupTriangle t{};
        for (int i = 0; i < 3; ++i) t.v[i] = records[i];
        TriangleInterpolant ti(t, layout, rng() % 4 == 0);
        if (rng() % 3 == 0) ti.zOffset = pick(rng);  // a depth bias
        const int quads = 1 + int(rng() % kSpanQuads);  // spans of every length: odd tails at 8 and 16 lanes
        SpanEdges edge;
        auto value = [&] { return rng() % 3 ? int64_t(rng() % 200000) - 100000 : int64_t(rng()) << (rng() % 24); };
        for (auto& e : edge.quad)
            for (int64_t& x : e) x = value();
        for (int j = 0; j < 3; ++j) edge.a[j] = value(), edge.b[j] = value();
        auto edgeAt = [&](int j, int p) {  // pixel p % 4 of quad p / 4
            return edge.quad[j][p / 4] + (p & 1 ? edge.a[j] : 0) + (p & 2 ? edge.b[j] : 0);
        };
        const float invArea = rng() % 3 ? 1.0f / float(1 + rng() % 100000) : pick(rng);
        // Partial coverage: any non-empty pixel set per quad, or every pixel (helpers).
        SpanMask pixels = 0;
        for (int q = 0; q < quads; ++q) pixels = SpanMask(pixels | spanBits(uint8_t(rng() % 2 ? 0xF : 1 + rng() % 15), q));
        CAPTURE(round);
        CAPTURE(quads);
        setSimdLevel(SimdLevel::Scalar);
        QuadSpan want;
        want.quads = quads;
        interpolateDepth(ti, invArea, edge, want);  // the barycentrics
        interpolateVaryings(ti, pixels, want);
        for (int p = 0; p < 4 * quads; ++p) {  // width 1 is the formula per pixel
            struct {
                float b0, b1, b2;
            } const b{float(edgeAt(0, p)) * invArea, float(edgeAt(1, p)) * invArea,
                      float(edgeAt(2, p)) * invArea};  // b_k = E_k / (2 area)
            CHECK(sameBits(&b.b0, &want.bary[0][p], 1));
            CHECK(sameBits(&b.b1, &want.bary[1][p], 1));
            CHECK(sameBits(&b.b2, &want.bary[2][p], 1));
            float z = ti.z0 + b.b1 * ti.dz1 + b.b2 * ti.dz2;  // every pixel, covered or not
            if (ti.zOffset != 0.0f) z += ti.zOffset;
            CHECK(sameBits(&z, &want.z[p], 1));
            if (!(pixels >> p & 1)) continue;
            const float q0 = b.b0 * ti.invW[0], q1 = b.b1 * ti.invW[1], q2 = b.b2 * ti.invW[2];
            const float sum = q0 + q1 + q2;
            const float p1 = q1 / sum, p2 = q2 / sum;
            for (int i = ti.first; i < ti.count; ++i) {
                const float one = ti.a0[i] + p1 * ti.d1[i] + p2 * ti.d2[i];
                CHECK(sameBits(&one, &want.plane[i][p], 1));
            }
            for (int i = 0; i < ti.first; ++i) CHECK(sameBits(&ti.flatColor[i], &want.plane[i][p], 1));
        }
        for (SimdLevel level : kWide) {
            if (!cpuSupports(level)) continue;
            CAPTURE(simdLevelName(level));
            setSimdLevel(level);
            QuadSpan got;
            got.quads = quads;
            interpolateDepth(ti, invArea, edge, got);
            interpolateVaryings(ti, pixels, got);
            CHECK(sameBits(want.z, got.z, 4 * quads));
            for (int p = 0; p < 4 * quads; ++p)
                if (pixels >> p & 1)
                    for (int i = 0; i < ti.count; ++i) CHECK(sameBits(&want.plane[i][p], &got.plane[i][p], 1));
        }
    }
    setSimdLevel(saved);
}
