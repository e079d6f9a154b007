// SPDX-License-Identifier: MIT
// Bump environment mapping: the offset for the next stage, projected
// coordinates and the luminance scale (docs/fixed-function.md §5.5).
#include "raster/pixel/bump_env_map.h"

#include "tests/raster/output/rgba_string.h"

#include <doctest/doctest.h>

using namespace refrast;

TEST_CASE("pixel/bump_env_map: u' = u + M00 du + M10 dv, v' = v + M01 du + M11 dv") {
    TextureStageState s;
    s.colorOp = TextureOp::BumpEnvMap;
    s.bumpEnvMat00 = 1.0f, s.bumpEnvMat01 = 2.0f, s.bumpEnvMat10 = 3.0f, s.bumpEnvMat11 = 4.0f;
    const BumpEnvOffset o = bumpEnvMap(s, {0.5f, 0.25f, 0.0f, 0.0f});
    CHECK(o.du == 1.25f);  // 1 * .5 + 3 * .25
    CHECK(o.dv == 2.0f);   // 2 * .5 + 4 * .25
    CHECK(o.luminanceScale == 1.0f);  // plain BUMPENVMAP: brightness unchanged
}

TEST_CASE("pixel/bump_env_map: the water's diagonal 0.01 matrix (legacy §4.6)") {
    TextureStageState s;
    s.colorOp = TextureOp::BumpEnvMap;
    s.bumpEnvMat00 = s.bumpEnvMat11 = 0.01f;
    const BumpEnvOffset o = bumpEnvMap(s, {0.5f, -0.25f, 0.0f, 0.0f});
    CHECK(o.du == 0.01f * 0.5f);
    CHECK(o.dv == 0.01f * -0.25f);
    const PerturbedTexcoord t = perturbTexcoord(o, 0.25f, 0.75f, 1.0f, false);
    CHECK(t.u == 0.25f + 0.01f * 0.5f);
    CHECK(t.v == 0.75f + 0.01f * -0.25f);
}

TEST_CASE("pixel/bump_env_map: projected coordinates scale the offset by q before the divide") {
    const BumpEnvOffset o{0.5f, 0.25f, 1.0f};
    const PerturbedTexcoord t = perturbTexcoord(o, 1.0f, 2.0f, 2.0f, true);
    CHECK(t.u == 1.0f);   // (1 + .5 * 2) / 2
    CHECK(t.v == 1.25f);  // (2 + .25 * 2) / 2
}

TEST_CASE("pixel/bump_env_map: BUMPENVMAPLUMINANCE scale sat(l LSCALE + LOFFSET) on all channels") {
    TextureStageState s;
    s.colorOp = TextureOp::BumpEnvMapLuminance;
    s.bumpEnvLScale = 2.0f;
    s.bumpEnvLOffset = -0.25f;
    CHECK(bumpEnvMap(s, {0.0f, 0.0f, 0.5f, 0.0f}).luminanceScale == 0.75f);  // .5 * 2 - .25
    CHECK(bumpEnvMap(s, {0.0f, 0.0f, 1.0f, 0.0f}).luminanceScale == 1.0f);   // 1.75 saturated
    CHECK(bumpEnvMap(s, {0.0f, 0.0f, 0.0f, 0.0f}).luminanceScale == 0.0f);   // -.25 saturated
    CHECK(applyBumpLuminance({0.8f, 0.4f, 1.0f, 0.6f}, 0.5f) == Rgba{0.4f, 0.2f, 0.5f, 0.3f});
}
