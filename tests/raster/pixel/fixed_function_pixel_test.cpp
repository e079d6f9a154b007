// SPDX-License-Identifier: MIT
// The per-pixel chain: ramp -> texture stages -> specular -> fog -> depth fade,
// in that order (fixed-function reference §0; docs/fixed-function.md §5-§9).
#include "raster/output/color_write.h"
#include "raster/pixel/fixed_function_pixel.h"

#include "tests/raster/output/rgba_string.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {

PixelInputs diffuseOnly(Rgba diffuse) {
    PixelInputs in;
    in.stages.diffuse = diffuse;
    in.stages.specular = {0.25f, 0.25f, 0.25f, 0.0f};
    return in;
}

}  // namespace

TEST_CASE("pixel/fixed_function_pixel: specular is added before fog, alpha untouched by both") {
    PixelState s;
    s.specularEnable = true;
    s.fog.enable = true;
    s.fog.color = 0xFF000000;
    PixelInputs in = diffuseOnly({0.5f, 0.25f, 0.0f, 0.6f});
    in.fog.vertexFactor = 0.5f;
    // (.5 + .25, .25 + .25, 0 + .25) * .5 + black * .5 = (.375, .25, .125): 95.6, 63.75, 31.9; alpha .6 -> 153
    const Rgba c = fixedFunctionPixel(s, {FogSource::Vertex, TableFogInput::Z}, in);
    CHECK(encodeRgba8(c) == Rgba8{96, 64, 32, 153});
    s.specularEnable = false;  // (.5, .25, 0) * .5 = 63.75, 31.9, 0
    CHECK(encodeRgba8(fixedFunctionPixel(s, {FogSource::Vertex, TableFogInput::Z}, in)) == Rgba8{64, 32, 0, 153});
}

TEST_CASE("pixel/fixed_function_pixel: the depth fade scales the fogged colour and its alpha") {
    PixelState s;
    s.fog.enable = true;
    s.fog.color = 0xFFFFFFFF;
    s.depthFade.enable = true;  // 10 / 50 m: 0.5 at 30 m
    PixelInputs in = diffuseOnly({0.5f, 0.5f, 0.5f, 0.8f});
    in.fog.specularAlpha = 0.5f;  // FOGTABLEMODE = FOGVERTEXMODE = NONE: f = specular alpha
    in.viewDepth = 30.0f;
    // fog: .5 * .5 + .5 * 1 = .75; fade .5: .375 -> 95.6; alpha .8 * .5 = .4 -> 102
    const Rgba c = fixedFunctionPixel(s, {FogSource::SpecularAlpha, TableFogInput::Z}, in);
    CHECK(encodeRgba8(c) == Rgba8{96, 96, 96, 102});
}

TEST_CASE("pixel/fixed_function_pixel: the material ramp colours unlit geometry only") {
    PixelState s;  // stage 0: MODULATE(TEXTURE, CURRENT), SELECTARG1(TEXTURE)
    s.materialRamp = {true, 0xFF201000, 0xFFFFC040};
    PixelInputs in = diffuseOnly({0.5f, 0.5f, 0.5f, 1.0f});
    in.stages.texture[0] = {0.25f, 0.25f, 0.25f, 0.5f};
    in.stages.boundMask = 1;
    // Coloured ramp: diffuse becomes white; the texel becomes the ramp at L = .25 (88, 60, 16), alpha .5.
    CHECK(encodeRgba8(fixedFunctionPixel(s, {}, in)) == Rgba8{88, 60, 16, 128});
    in.hasNormals = true;  // lit: texel * diffuse = .125 -> 31.9
    CHECK(encodeRgba8(fixedFunctionPixel(s, {}, in)) == Rgba8{32, 32, 32, 128});
}

TEST_CASE("pixel/fixed_function_pixel: per-draw fog selection and the per-vertex factor") {
    PixelState s;
    s.fog.enable = true;
    s.fog.tableMode = FogMode::Linear;
    Mat4 perspective = Mat4::Identity();
    perspective(2, 3) = 1.0f;
    perspective(3, 3) = 0.0f;
    const FogSelection w = selectFog(s, false, perspective);
    CHECK(w.source == FogSource::Table);
    CHECK(w.tableInput == TableFogInput::W);
    CHECK(selectFog(s, true, perspective).tableInput == TableFogInput::Z);  // XYZRHW: z
    s.fog.start = 10.0f;
    s.fog.end = 100.0f;
    s.fog.vertexMode = FogMode::Linear;
    CHECK(vertexFog(s.fog, Vec3(30.0f, 40.0f, -77.5f)) == 0.25f);  // |z| = 77.5: (100 - 77.5) / 90
    s.fog.rangeFogEnable = true;
    CHECK(vertexFog(s.fog, Vec3(0.0f, 60.0f, -80.0f)) == 0.0f);    // |P| = 100
}
