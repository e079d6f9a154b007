// SPDX-License-Identifier: MIT
// StageCascade::plain (raster/pixel/texture_stage.h): which cascades take
// the plain one-stage path, and that it gives the cascade loop's bits.
#include "raster/pixel/texture_stage.h"

#include "tests/raster/lanes/lane_values.h"

#include <doctest/doctest.h>

#include <random>

using namespace refrast;

namespace {

PixelState oneStage(TextureOp colorOp, TextureArg c1, TextureArg c2, TextureOp alphaOp, TextureArg a1, TextureArg a2) {
    PixelState s;
    s.stages[0].colorOp = colorOp;
    s.stages[0].colorArg1.source = c1;
    s.stages[0].colorArg2.source = c2;
    s.stages[0].alphaOp = alphaOp;
    s.stages[0].alphaArg1.source = a1;
    s.stages[0].alphaArg2.source = a2;
    s.stages[1].colorOp = TextureOp::Disable;
    return s;
}

}  // namespace

TEST_CASE("pixel/texture_stage: the plain stage is D3D's default stage 0 and its MODULATE / SELECTARG kin, nothing else") {
    const auto plain = [](const PixelState& s, uint8_t bound = 1) { return makeStageCascade(s, bound).plain; };
    // D3D's defaults: COLOROP MODULATE(TEXTURE, CURRENT), ALPHAOP SELECTARG1(TEXTURE).
    const StageCascade::PlainStage d = plain(oneStage(TextureOp::Modulate, TextureArg::Texture, TextureArg::Current,
                                                      TextureOp::SelectArg1, TextureArg::Texture, TextureArg::Current));
    CHECK(d.applies);
    CHECK(d.colorArg1Texture);
    CHECK_FALSE(d.colorArg2Texture);
    CHECK(d.alphaArg1Texture);
    // SELECTARG2 does not read ARG1, so a TFACTOR there does not matter.
    CHECK(plain(oneStage(TextureOp::SelectArg2, TextureArg::TFactor, TextureArg::Diffuse, TextureOp::Modulate,
                         TextureArg::Diffuse, TextureArg::Texture))
              .applies);
    // Without a texture, the default (Wine's) missing-texture rule makes both
    // texture-reading ops SELECTARG1(CURRENT): plain, reading no texel (an
    // untextured draw); DXVK's rule disables the stage: no stage, not plain.
    const PixelState defaults = oneStage(TextureOp::Modulate, TextureArg::Texture, TextureArg::Current,
                                         TextureOp::SelectArg1, TextureArg::Texture, TextureArg::Current);
    const StageCascade::PlainStage untextured = plain(defaults, 0);
    CHECK(untextured.applies);
    CHECK_FALSE(untextured.colorArg1Texture);
    CHECK_FALSE(untextured.alphaArg1Texture);
    PixelState dxvk = defaults;
    dxvk.options.missingTexture = MissingTextureRule::DisableRest;
    CHECK(makeStageCascade(dxvk, 0).count == 0);
    CHECK_FALSE(plain(dxvk, 0).applies);
    // Not plain: a register other than TEXTURE/DIFFUSE/CURRENT read, an
    // argument modifier, another op, a second stage.
    CHECK_FALSE(plain(oneStage(TextureOp::Modulate, TextureArg::Texture, TextureArg::TFactor, TextureOp::SelectArg1,
                               TextureArg::Texture, TextureArg::Current))
                    .applies);
    PixelState complemented = oneStage(TextureOp::Modulate, TextureArg::Texture, TextureArg::Current,
                                       TextureOp::SelectArg1, TextureArg::Texture, TextureArg::Current);
    complemented.stages[0].colorArg2.complement = true;
    CHECK_FALSE(plain(complemented).applies);
    CHECK_FALSE(plain(oneStage(TextureOp::Add, TextureArg::Texture, TextureArg::Current, TextureOp::SelectArg1,
                               TextureArg::Texture, TextureArg::Current))
                    .applies);
    PixelState two = oneStage(TextureOp::Modulate, TextureArg::Texture, TextureArg::Current, TextureOp::SelectArg1,
                              TextureArg::Texture, TextureArg::Current);
    two.stages[1].colorOp = TextureOp::SelectArg1;
    CHECK_FALSE(plain(two, 0x3).applies);
}

TEST_CASE("pixel/texture_stage: the plain stage gives the cascade loop's bits") {
    // Every op pair and register choice of the plain path, with and without
    // a texture bound, over special and random values (NaN, ±inf, denormals,
    // values outside [0, 1]; the texel planes hold values even when nothing
    // is bound), against the same cascade with the plain path turned off.
    constexpr TextureOp kOps[] = {TextureOp::Modulate, TextureOp::SelectArg1, TextureOp::SelectArg2};
    constexpr TextureArg kRegs[] = {TextureArg::Texture, TextureArg::Diffuse, TextureArg::Current};
    std::mt19937 rng(2026);
    int plainCases = 0;
    for (TextureOp colorOp : kOps)
        for (TextureOp alphaOp : kOps)
            for (int round = 0; round < 200; ++round) {
                const PixelState s = oneStage(colorOp, kRegs[rng() % 3], kRegs[rng() % 3], alphaOp, kRegs[rng() % 3],
                                              kRegs[rng() % 3]);
                const uint8_t bound = round % 4 == 3 ? 0 : 1;
                const StageCascade cascade = makeStageCascade(s, bound);
                REQUIRE(cascade.plain.applies);
                StageCascade loop = cascade;
                loop.plain.applies = false;
                TextureStageInputs in;
                in.diffuse = {pick(rng), pick(rng), pick(rng), pick(rng)};
                in.specular = {pick(rng), pick(rng), pick(rng), pick(rng)};
                in.texture[0] = {pick(rng), pick(rng), pick(rng), pick(rng)};
                in.boundMask = bound;
                const Rgba want = runStageCascade(loop, in), got = runStageCascade(cascade, in);
                const float w[4] = {want.r, want.g, want.b, want.a}, g[4] = {got.r, got.g, got.b, got.a};
                CAPTURE(round);
                CHECK(sameBits(w, g, 4));
                ++plainCases;
            }
    CHECK(plainCases == 9 * 200);
}
