// SPDX-License-Identifier: MIT
// The ports' extensions around the fixed-function pipeline: material ramp,
// detail depth fade with its blend identities and the specular add (docs/fixed-function.md §6, §9).
#include "raster/output/alpha_blend.h"
#include "raster/output/color_write.h"
#include "raster/pixel/depth_fade.h"
#include "raster/pixel/material_ramp.h"
#include "raster/pixel/specular_add.h"

#include "tests/raster/output/rgba_string.h"

#include <doctest/doctest.h>

#include <initializer_list>

using namespace refrast;

namespace {

// The AC detail pass: DESTCOLOR / INVSRCALPHA, ADD.
BlendState detailBlend() {
    BlendState b;
    b.enable = true;
    b.srcBlend = Blend::DestColor;
    b.destBlend = Blend::InvSrcAlpha;
    return b;
}

}  // namespace

TEST_CASE("pixel/specular_add: rgb += specular.rgb, alpha untouched, no clamp") {
    const Rgba c{0.5f, 0.25f, 0.875f, 0.4f}, s{0.25f, 0.5f, 0.375f, 0.9f};
    CHECK(specularAdd(true, c, s) == Rgba{0.75f, 0.75f, 1.25f, 0.4f});
    CHECK(specularAdd(false, c, s) == c);
}

TEST_CASE("pixel/material_ramp: luminance indexes the low -> high gradient") {
    MaterialRampState ramp{true, 0xFF201000, 0xFFFFC040};
    // L = .25 (grey .25): r 32/255 * .75 + 1 * .25 = 87.75; g (12 + 48)/255 = 60; b 64/255 * .25 = 16
    const Rgba out = materialRamp(ramp, {0.25f, 0.25f, 0.25f, 0.5f});
    CHECK(encodeRgba8(out) == Rgba8{88, 60, 16, 128});
    CHECK(encodeRgba8(materialRamp(ramp, {1.0f, 1.0f, 1.0f, 1.0f})) == Rgba8{255, 192, 64, 255});  // L = 1: high
    CHECK(encodeRgba8(materialRamp(ramp, {0.0f, 0.0f, 0.0f, 1.0f})) == Rgba8{32, 16, 0, 255});     // L = 0: low
    // Rec. 601 weights: pure green .587 -> r 32/255 * .413 + .587 = 162.9
    CHECK(encodeRgba8(materialRamp(ramp, {0.0f, 1.0f, 0.0f, 1.0f})).r == 163);
}

TEST_CASE("pixel/material_ramp: only geometry without normals; the tint rule") {
    const MaterialRampState coloured{true, 0xFF201000, 0xFFFFC040}, neutral{true, 0xFF000000, 0xFFFFFFFF};
    CHECK(materialRampApplies(coloured, false));
    CHECK_FALSE(materialRampApplies(coloured, true));  // lit geometry is never ramped
    CHECK_FALSE(materialRampApplies(MaterialRampState{}, false));
    const Rgba diffuse{0.5f, 0.25f, 0.75f, 0.6f};
    CHECK(materialRampDiffuse(neutral, diffuse) == diffuse);                      // neutral ramp: diffuse tints
    CHECK(materialRampDiffuse(coloured, diffuse) == Rgba{1.0f, 1.0f, 1.0f, 0.6f});  // coloured ramp: white
}

TEST_CASE("pixel/depth_fade: 1 up to 10 m, linear to exactly 0 at 50 m (legacy §1)") {
    const DepthFadeState f{true, 10.0f, 50.0f};
    CHECK(depthFadeFactor(f, 0.5f) == 1.0f);
    CHECK(depthFadeFactor(f, 10.0f) == 1.0f);
    CHECK(depthFadeFactor(f, 30.0f) == 0.5f);   // (50 - 30) / 40
    CHECK(depthFadeFactor(f, 40.0f) == 0.25f);
    CHECK(depthFadeFactor(f, 50.0f) == 0.0f);
    CHECK(depthFadeFactor(f, 80.0f) == 0.0f);
    CHECK(depthFadeFactor(DepthFadeState{true, 20.0f, 40.0f}, 25.0f) == 0.75f);  // the distances are parameters
    CHECK(depthFade(f, {0.8f, 0.4f, 0.2f, 0.6f}, 30.0f) == Rgba{0.4f, 0.2f, 0.1f, 0.3f});  // rgb and alpha
    CHECK(depthFade(DepthFadeState{}, {0.8f, 0.4f, 0.2f, 0.6f}, 30.0f) == Rgba{0.8f, 0.4f, 0.2f, 0.6f});
}

TEST_CASE("pixel/depth_fade: fade 0 is a byte-exact no-op under DESTCOLOR/INVSRCALPHA") {
    const DepthFadeState f{true, 10.0f, 50.0f};
    const Rgba src = depthFade(f, {0.9f, 0.3f, 0.7f, 0.8f}, 60.0f);  // beyond 50 m: (0, 0, 0, 0)
    for (int c = 0; c < 256; ++c) {
        const Rgba8 dst{uint8_t(c), uint8_t(255 - c), uint8_t(c / 2), uint8_t(c)};
        // out = 0 * d + d * (1 - 0) = d, decoded and re-encoded exactly
        CHECK(alphaBlend(detailBlend(), src, dst, true) == dst);
        const Rgba8 x8 = alphaBlend(detailBlend(), src, dst, false);  // X8R8G8B8: alpha is not stored
        CHECK(Rgba8{x8.r, x8.g, x8.b, dst.a} == dst);
    }
}

TEST_CASE("pixel/depth_fade: a detail texel with rgb == a leaves the destination unchanged") {
    const DepthFadeState f{true, 10.0f, 50.0f};
    int mismatches = 0;
    for (float z : {5.0f, 20.0f, 30.0f, 43.7f}) {
        for (int t = 0; t < 256; ++t) {
            const float v = decodeUnorm8(uint8_t(t));
            const Rgba src = depthFade(f, {v, v, v, v}, z);
            // out = d (s + 1 - s): equal to d up to float rounding, far below half an 8-bit step
            for (int d = 0; d < 256; ++d) {
                const Rgba8 dst{uint8_t(d), uint8_t(d), uint8_t(d), 255};
                mismatches += alphaBlend(detailBlend(), src, dst, true) != dst;
            }
        }
    }
    CHECK(mismatches == 0);
}

TEST_CASE("pixel/depth_fade: a brighter-than-alpha texel brightens: dst (1 + fade (t - a))") {
    // t = 153/255 = .6, a = 128/255: d = 100/255 -> 100 * (.6 + 1 - .50196) = 109.80 at fade 1
    const Rgba src = depthFade(DepthFadeState{true, 10.0f, 50.0f}, decodeRgba8({153, 153, 153, 128}), 5.0f);
    CHECK(alphaBlend(detailBlend(), src, {100, 100, 100, 255}, true) == Rgba8{110, 110, 110, 255});
}
