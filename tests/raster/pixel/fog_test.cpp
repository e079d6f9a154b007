// SPDX-License-Identifier: MIT
// Fog: source selection, vertex and table factors, start == end, range and abs
// rules, the squared-distance fog, z vs w table fog and the rgb-only blend
// (docs/fixed-function.md §7, R-11, R-12).
#include "raster/output/color_write.h"
#include "raster/pixel/fog.h"

#include "tests/raster/output/rgba_string.h"

#include <doctest/doctest.h>

#include <initializer_list>

using namespace refrast;

namespace {

FogState linearFog(float start, float end) {
    FogState f;
    f.enable = true;
    f.vertexMode = f.tableMode = FogMode::Linear;
    f.start = start;
    f.end = end;
    return f;
}

// Row-vector perspective projection (D3DXMatrixPerspectiveFovLH form): _34 = 1, _44 = 0.
Mat4 perspective(float n, float f) {
    Mat4 m = Mat4::Zero();
    m(0, 0) = 1.0f;
    m(1, 1) = 1.0f;
    m(2, 2) = f / (f - n);
    m(2, 3) = 1.0f;
    m(3, 2) = -n * f / (f - n);
    return m;
}

}  // namespace

TEST_CASE("pixel/fog: which factor applies (reference §5.2)") {
    FogState f;
    CHECK(fogSource(f, false) == FogSource::None);
    f.enable = true;
    CHECK(fogSource(f, false) == FogSource::SpecularAlpha);  // both modes NONE
    f.vertexMode = FogMode::Exp;
    CHECK(fogSource(f, false) == FogSource::Vertex);
    CHECK(fogSource(f, true) == FogSource::SpecularAlpha);  // XYZRHW: start/end ignored
    f.tableMode = FogMode::Linear;
    CHECK(fogSource(f, false) == FogSource::Table);  // table wins over vertex
    CHECK(fogSource(f, true) == FogSource::Table);
}

TEST_CASE("pixel/fog: the projection test picks W fog for any non-affine projection") {
    CHECK_FALSE(projectionUsesWFog(Mat4::Identity()));
    CHECK(projectionUsesWFog(perspective(1.0f, 2000.0f)));
    Mat4 iron = perspective(0.5f, 700.0f);  // legacy §4.2: _34 = sin(f/2) != 1, still W fog
    iron(2, 3) = 0.6442177f;
    CHECK(projectionUsesWFog(iron));
    CHECK(tableFogInput(false, Mat4::Identity(), XyzrhwTableFog::Z) == TableFogInput::Z);
    CHECK(tableFogInput(false, perspective(1.0f, 10.0f), XyzrhwTableFog::Z) == TableFogInput::W);
    CHECK(tableFogInput(true, perspective(1.0f, 10.0f), XyzrhwTableFog::Z) == TableFogInput::Z);  // test_table_fog_zw
    CHECK(tableFogInput(true, Mat4::Identity(), XyzrhwTableFog::W) == TableFogInput::W);        // DXVK option
}

TEST_CASE("pixel/fog: vertex fog distance: |z| before the equation, |P| with RANGEFOGENABLE") {
    CHECK(vertexFogDistance(Vec3(3.0f, 4.0f, -12.0f), false) == 12.0f);
    CHECK(vertexFogDistance(Vec3(3.0f, 4.0f, -12.0f), true) == 13.0f);  // sqrt(9 + 16 + 144)
}

TEST_CASE("pixel/fog: LINEAR, EXP, EXP2 vertex fog factors") {
    FogState f = linearFog(10.0f, 100.0f);
    CHECK(vertexFogFactor(f, 77.5f) == 0.25f);  // (100 - 77.5) / 90
    CHECK(vertexFogFactor(f, 5.0f) == 1.0f);    // 1.0556 saturated
    CHECK(vertexFogFactor(f, 150.0f) == 0.0f);  // -0.56 saturated
    f.vertexMode = FogMode::Exp;
    f.density = 0.01f;
    CHECK(encodeUnorm8(vertexFogFactor(f, 100.0f)) == 94);   // e^-1 = .36788 -> 93.81
    f.vertexMode = FogMode::Exp2;
    CHECK(encodeUnorm8(vertexFogFactor(f, 100.0f)) == 94);   // e^-(1^2)
    CHECK(encodeUnorm8(vertexFogFactor(f, 50.0f)) == 199);   // e^-.25 = .77880 -> 198.59
    CHECK(encodeUnorm8(vertexFogFactor(f, 200.0f)) == 5);    // e^-4 = .018316 -> 4.67
}

TEST_CASE("pixel/fog: start == end and reversed ranges (R-12)") {
    FogState v = linearFog(50.0f, 50.0f);
    CHECK(vertexFogFactor(v, 10.0f) == 0.0f);  // vertex fog: everything fogged
    CHECK(vertexFogFactor(v, 90.0f) == 0.0f);
    FogState t = linearFog(0.5f, 0.5f);
    CHECK(tableFogFactor(t, NegativeTableFog::Keep, 0.4f) == 1.0f);  // d < start: unfogged
    CHECK(tableFogFactor(t, NegativeTableFog::Keep, 0.5f) == 0.0f);  // the tie: fogged
    CHECK(tableFogFactor(t, NegativeTableFog::Keep, 0.6f) == 0.0f);
    CHECK(vertexFogFactor(linearFog(100.0f, 10.0f), 77.5f) == 0.75f);  // (10 - 77.5) / (10 - 100)
}

TEST_CASE("pixel/fog: negative table-fog depth saturates, or is abs'ed on request (§11)") {
    const FogState f = linearFog(0.0f, 1.0f);
    CHECK(tableFogFactor(f, NegativeTableFog::Keep, -0.5f) == 1.0f);  // (1 + .5) / 1 saturated
    CHECK(tableFogFactor(f, NegativeTableFog::Abs, -0.5f) == 0.5f);
}

TEST_CASE("pixel/fog: table EXP fog follows exp of the per-pixel depth") {
    FogState f;
    f.enable = true;
    f.tableMode = FogMode::Exp;
    f.density = 2.0f;
    CHECK(encodeUnorm8(tableFogFactor(f, NegativeTableFog::Keep, 0.5f)) == 94);  // e^-1
}

TEST_CASE("pixel/fog: pod night fog (near 90, far 1100) on w fogs, on z it collapses to no fog") {
    const FogState f = linearFog(90.0f, 1100.0f);
    // W fog (eye depth): 1 at 90, 0 at 1100, (1100 - 500) / 1010 = .594 at 500.
    CHECK(tableFogFactor(f, NegativeTableFog::Keep, 90.0f) == 1.0f);
    CHECK(tableFogFactor(f, NegativeTableFog::Keep, 1100.0f) == 0.0f);
    CHECK(tableFogFactor(f, NegativeTableFog::Keep, 500.0f) == 600.0f / 1010.0f);
    // Z fog: device depth lies in [0, 1], so (1100 - z) / 1010 >= 1.088: never any fog.
    for (float z : {0.0f, 0.25f, 0.9f, 0.999f, 1.0f}) CHECK(tableFogFactor(f, NegativeTableFog::Keep, z) == 1.0f);
    // White through fog colour 0xFF1A1A1F at w = 500: .594 + .406 * 26/255 = .63545 -> 162.04;
    // blue .594 + .406 * 31/255 = .64341 -> 164.07.
    const Rgba fogged = fogBlend({1.0f, 1.0f, 1.0f, 0.25f}, 0xFF1A1A1F, 600.0f / 1010.0f);
    CHECK(encodeRgba8(fogged) == Rgba8{162, 162, 164, 64});
}

TEST_CASE("pixel/fog: squared-distance fog keeps 0.75 at 350 between 0 and 700 (legacy §4.3)") {
    CHECK(squaredDistanceFog(350.0f, 0.0f, 700.0f) == 0.75f);  // 1 - 350^2 / 700^2
    CHECK(squaredDistanceFog(0.0f, 0.0f, 700.0f) == 1.0f);
    CHECK(squaredDistanceFog(700.0f, 0.0f, 700.0f) == 0.0f);
    CHECK(squaredDistanceFog(900.0f, 0.0f, 700.0f) == 0.0f);
    CHECK(squaredDistanceFog(200.0f, 100.0f, 300.0f) == 0.625f);  // 1 - (40000 - 10000) / (90000 - 10000)
    FogState f = linearFog(0.0f, 700.0f);
    f.squaredDistance = true;
    CHECK(vertexFogFactor(f, 350.0f) == 0.75f);
    f.squaredDistance = false;
    CHECK(vertexFogFactor(f, 350.0f) == 0.5f);  // plain LINEAR: half
}

TEST_CASE("pixel/fog: the fog blend changes rgb only and ignores the fog colour's alpha") {
    // f = .25: red (1, 0, 0) toward blue fog: r .25 -> 63.75, b .75 -> 191.25; alpha .4 kept.
    const Rgba out = fogBlend({1.0f, 0.0f, 0.0f, 0.4f}, 0x000000FF, 0.25f);
    CHECK(encodeRgba8(out) == Rgba8{64, 0, 191, 102});
    CHECK(fogBlend({0.3f, 0.6f, 0.9f, 0.7f}, 0xFFFFFFFF, 1.0f) == Rgba{0.3f, 0.6f, 0.9f, 0.7f});  // f 1: no fog
}

TEST_CASE("pixel/fog: pixelFogFactor picks the input of each source") {
    FogState f = linearFog(10.0f, 100.0f);
    FixedFunctionOptions o;
    FogPixelInputs in;
    in.depthZ = 0.5f;
    in.depthW = 77.5f;
    in.vertexFactor = 0.625f;
    in.vertexDistance = 55.0f;
    in.specularAlpha = 0.375f;
    CHECK(pixelFogFactor(f, o, FogSource::None, TableFogInput::Z, in) == 1.0f);
    CHECK(pixelFogFactor(f, o, FogSource::Table, TableFogInput::W, in) == 0.25f);  // (100 - 77.5) / 90
    CHECK(pixelFogFactor(f, o, FogSource::Table, TableFogInput::Z, in) == 1.0f);   // (100 - .5) / 90 saturated
    CHECK(pixelFogFactor(f, o, FogSource::Vertex, TableFogInput::Z, in) == 0.625f);
    CHECK(pixelFogFactor(f, o, FogSource::SpecularAlpha, TableFogInput::Z, in) == 0.375f);
    o.vertexFogEvaluation = VertexFogEvaluation::PerPixel;
    CHECK(pixelFogFactor(f, o, FogSource::Vertex, TableFogInput::Z, in) == 0.5f);  // (100 - 55) / 90
}
