// SPDX-License-Identifier: MIT
// The varyings a draw carries: only what its pixel state reads (pixelReads),
// laid out by the vertex stage with diffuse and specular first.
#include "raster/pixel/pixel_reads.h"
#include "raster/vertex/vertex_stage.h"
#include "tests/support/test_scene.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::test;

namespace {

// One untransformed vertex with texcoord sets 0 and 1.
Draw drawWithTwoTexcoordSets() {
    Draw d;
    d.vertices.count = 1;
    d.vertices.position.emplace_back(0.0f, 0.0f, 0.5f, 1.0f);
    for (int s = 0; s < 2; ++s) {
        d.vertices.texcoord[size_t(s)].emplace_back(0.25f * float(s + 1), 0.5f, 0.0f, 1.0f);
        d.vertices.texcoordSize[size_t(s)] = 2;
    }
    return d;
}

VaryingLayout layoutOf(const Draw& d) { return runVertexStage(d, sceneOf(4, 4).target.viewport, 1).layout; }

}  // namespace

TEST_CASE("pixel/pixel_reads: default state reads diffuse only; no stage samples without a texture") {
    const Draw d = drawWithTwoTexcoordSets();
    const VaryingLayout layout = layoutOf(d);
    CHECK(layout.count == 4);  // RGBA diffuse
    CHECK(layout.flatCount == 4);  // FLAT: diffuse RGBA
    CHECK((layout.specular < 0 && layout.eyeDepth < 0 && layout.fog < 0));
    CHECK((layout.texcoord[0] < 0 && layout.texcoord[1] < 0));
    CHECK(sampledStageMask(d.state.pixel) == 0);
}

TEST_CASE("pixel/pixel_reads: SPECULARENABLE, W fog, vertex fog and a sampled set each add their varying") {
    Draw d = drawWithTwoTexcoordSets();
    d.state.pixel.specularEnable = true;                      // specular: 4 floats after diffuse
    d.state.pixel.textures[0].texture = 0;                    // stage 0 samples ...
    d.state.pixel.stages[0].texCoordIndex = 1;                // ... texcoord set 1: (u, v)
    d.state.pixel.fog.enable = true;
    d.state.pixel.fog.vertexMode = FogMode::Linear;           // vertex fog: the fog varying
    const VaryingLayout layout = layoutOf(d);
    CHECK(layout.specular == 4);
    CHECK(layout.flatCount == 7);  // FLAT: diffuse RGBA + specular rgb, specular alpha interpolates
    CHECK(layout.fog == 8);
    CHECK(layout.eyeDepth < 0);       // vertex fog is evaluated from the vertex's eye position
    CHECK(layout.texcoord[0] < 0);    // set 0 is present but no stage reads it
    CHECK(layout.texcoord[1] == 9);
    CHECK(layout.count == 11);
    CHECK(sampledStageMask(d.state.pixel) == 1);

    d.state.pixel.fog.tableMode = FogMode::Linear;  // table fog wins; a perspective projection fogs on w
    d.state.pixel.specularEnable = false;
    d.transform.projection(2, 3) = 1.0f;
    d.transform.projection(3, 3) = 0.0f;
    const VaryingLayout table = layoutOf(d);
    CHECK(table.specular < 0);
    CHECK(table.eyeDepth == 4);
    CHECK(table.fog < 0);
}

TEST_CASE("pixel/pixel_reads: a stage argument SPECULAR and fog from specular alpha read specular") {
    PixelState state;
    state.stages[0].colorArg2 = TextureArgument{TextureArg::Specular};
    CHECK(pixelReads(state, FogSelection{}).specular);
    PixelState fogged;
    CHECK(pixelReads(fogged, FogSelection{FogSource::SpecularAlpha, TableFogInput::Z}).specular);
    CHECK_FALSE(pixelReads(fogged, FogSelection{}).specular);
}
