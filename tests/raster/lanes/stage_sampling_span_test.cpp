// SPDX-License-Identifier: MIT
// The stage sampling of a span of quads (raster/pixel/stage_sampling.h):
// each quad keeps its own derivatives and mip selection, so a span of 1 to
// kSpanQuads quads samples every pixel as the quad alone does, and every
// SIMD width gives the bits of width 1 (partial coverage, helper pixels,
// a bump stage perturbing the next).
#include "raster/draw_context.h"
#include "raster/pixel/pixel_reads.h"
#include "raster/pixel/stage_sampling.h"
#include "tests/raster/lanes/lane_values.h"

#include <doctest/doctest.h>

#include <vector>

using namespace refrast;

namespace {

// A w × h Unorm8 texture of random bytes with every level down to 1 × 1.
Texture randomChain(std::mt19937& rng, int w, int h) {
    Texture t;
    for (;;) {
        MipLevel m{w, h, std::vector<uint8_t>(size_t(w) * size_t(h) * 4)};
        for (uint8_t& byte : m.rgba) byte = uint8_t(rng());
        t.levels.push_back(std::move(m));
        if (w == 1 && h == 1) return t;
        w = std::max(1, w / 2);
        h = std::max(1, h / 2);
    }
}

// Texcoords near a texel grid with per-quad steps of a fraction to a few
// texels, so neighbouring quads select the same or different levels.
float pickCoord(std::mt19937& rng) {
    if (rng() % 8 == 0) return pick(rng);
    return float(int32_t(rng() % 2048) - 1024) / 256.0f;
}

void sampleAt(SimdLevel level, const PixelState& state, const FrameTextures& textures, const VaryingLayout& layout,
              QuadSpan& span, SpanMask pixels, ColorPlanes texels[kMaxTextureStages]) {
    const SimdLevel saved = simdLevel();
    setSimdLevel(level);
    sampleStages(state, textures, layout, span, pixels, boundStageMask(state), texels);
    setSimdLevel(saved);
}

}  // namespace

TEST_CASE("pixel/stage_sampling: a span of quads samples like each quad alone, bitwise at every width") {
    std::mt19937 rng(97531);
    const Texture base = randomChain(rng, 32, 16), bumps = randomChain(rng, 8, 8);
    FrameTextures textures;
    textures.table = {&base, &bumps};
    for (int round = 0; round < 300; ++round) {
        PixelState state;
        const bool bump = rng() % 3 == 0;  // stage 0 perturbs stage 1's texcoords
        TextureStageState& s0 = state.stages[0];
        TextureStageState& s1 = state.stages[1];
        s0.colorOp = bump ? (rng() % 2 ? TextureOp::BumpEnvMap : TextureOp::BumpEnvMapLuminance) : TextureOp::Modulate;
        s0.bumpEnvMat00 = pick(rng);
        s0.bumpEnvMat01 = float(rng() % 5) / 4.0f;
        s0.bumpEnvMat10 = float(rng() % 5) / 8.0f;
        s0.bumpEnvMat11 = pick(rng);
        s0.bumpEnvLScale = 0.5f;
        s0.bumpEnvLOffset = 0.25f;
        s1.colorOp = rng() % 2 ? TextureOp::Modulate : TextureOp::Disable;
        s1.texCoordIndex = 1;
        state.textures[0].texture = bump ? 1 : 0;
        state.textures[1].texture = 0;
        for (int s = 0; s < 2; ++s) {
            SamplerState& sampler = state.textures[size_t(s)].sampler;
            sampler.magFilter = rng() % 2 ? TextureFilter::Linear : TextureFilter::Point;
            sampler.minFilter = rng() % 3 ? TextureFilter::Linear : TextureFilter::Point;
            sampler.mipFilter = TextureFilter(rng() % 3);  // NONE, POINT, LINEAR
            sampler.addressU = rng() % 2 ? TextureAddress::Wrap : TextureAddress::Clamp;
            sampler.addressV = rng() % 2 ? TextureAddress::Wrap : TextureAddress::Mirror;
        }
        VaryingLayout layout;
        layout.texcoord[0] = 4;
        layout.texcoord[1] = 6;
        layout.count = 8;
        const int quads = 1 + int(rng() % kSpanQuads);
        QuadSpan span;
        span.quads = quads;
        SpanMask pixels = 0;
        for (int q = 0; q < quads; ++q) {
            span.x[q] = 2 * q + 2 * int(rng() % 3);
            span.y[q] = 10 + 2 * int(rng() % 2);  // (quad rows of one triangle)
            // Partial coverage; pixels 0-2 of the quad hold varyings either way (helpers).
            span.coverage[q] = uint8_t(rng() % 2 ? 0xF : 1 + rng() % 15);
            pixels = SpanMask(pixels | spanBits(span.coverage[q], q));
            // Per quad: a base coordinate and steps along x and y, per set.
            for (int set = 0; set < 2; ++set) {
                const float u = pickCoord(rng), v = pickCoord(rng);
                const float step = float(1 + rng() % 64) / 256.0f, skew = float(int(rng() % 9) - 4) / 512.0f;
                for (int k = 0; k < 4; ++k) {
                    float* at = span.varying[4 * q + k] + 4 + 2 * set;
                    at[0] = u + float(k & 1) * step + float(k >> 1) * skew;
                    at[1] = v + float(k >> 1) * step;
                }
            }
        }
        varyingPlanes(span, layout.count);  // the planes the interpolation fills
        CAPTURE(round);
        CAPTURE(quads);
        ColorPlanes want[kMaxTextureStages];
        sampleAt(SimdLevel::Scalar, state, textures, layout, span, pixels, want);
        const int stages = bump || s1.colorOp != TextureOp::Disable ? 2 : 1;
        for (int q = 0; q < quads; ++q) {  // the quad alone, as a span of one quad
            QuadSpan alone;
            alone.quads = 1;
            alone.y[0] = span.y[q];
            alone.x[0] = span.x[q];
            alone.coverage[0] = span.coverage[q];
            for (int k = 0; k < 4; ++k)
                std::copy(span.varying[4 * q + k], span.varying[4 * q + k] + layout.count, alone.varying[k]);
            varyingPlanes(alone, layout.count);
            ColorPlanes one[kMaxTextureStages];
            sampleAt(SimdLevel::Scalar, state, textures, layout, alone, span.coverage[q], one);
            for (int s = 0; s < stages; ++s)
                for (int k = 0; k < 4; ++k) {
                    if (!(span.coverage[q] >> k & 1)) continue;
                    const Rgba a = one[s].at(k), b = want[s].at(4 * q + k);
                    CHECK(sameBits(&a.r, &b.r, 4));
                }
        }
        for (SimdLevel level : kWide) {
            if (!cpuSupports(level)) continue;
            CAPTURE(simdLevelName(level));
            ColorPlanes got[kMaxTextureStages];
            sampleAt(level, state, textures, layout, span, pixels, got);
            for (int s = 0; s < stages; ++s)
                for (int p = 0; p < 4 * quads; ++p) {
                    if (!(pixels >> p & 1)) continue;
                    const Rgba a = want[s].at(p), b = got[s].at(p);
                    CHECK(sameBits(&a.r, &b.r, 4));
                }
        }
    }
}
