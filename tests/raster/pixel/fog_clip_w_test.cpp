// SPDX-License-Identifier: MIT
// Table fog in W mode reads the clip-space w (legacy-behaviours corrections,
// "W fog"), shown with the Iron3D D3D7 projection, whose _34 = sin(f/2) != 1.
#include "tests/support/test_scene.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace refrast;
using namespace refrast::test;

namespace {

// legacy-behaviours §4.2 with f = 1.3, n = 0.5, z = 700 and a square viewport.
Mat4 iron3dProjection() {
    const float f = 1.3f, n = 0.5f, far = 700.0f, s = std::sin(f / 2), c = std::cos(f / 2);
    Mat4 m = Mat4::Zero();
    m(0, 0) = c;
    m(1, 1) = c;
    m(2, 2) = s * far / (far - n);
    m(2, 3) = s;
    m(3, 2) = -s * n * far / (far - n);
    return m;
}

// A quad filling the 4x4 target at eye depth 350, white, LINEAR table fog
// 100..500 towards black: the pixel is the fog factor.
uint32_t foggedPixel(TableFogW input) {
    Scene s = sceneOf(4, 4);
    Draw d;
    const float z = 350.0f, h = 400.0f;
    for (const auto& [x, y] : {std::pair{-h, -h}, {h, -h}, {-h, h}, {h, -h}, {h, h}, {-h, h}})
        d.vertices.position.emplace_back(x, y, z, 1.0f);
    d.vertices.count = 6;
    d.transform.projection = iron3dProjection();
    d.state.rasterizer.cullMode = CullMode::None;
    d.state.pixel.fog.enable = true;
    d.state.pixel.fog.tableMode = FogMode::Linear;
    d.state.pixel.fog.start = 100.0f;
    d.state.pixel.fog.end = 500.0f;
    d.state.pixel.fog.color = 0xFF000000;
    d.state.pixel.options.tableFogW = input;
    s.draws.push_back(d);
    return pixelArgb(renderFramebuffer(s), 2, 2) & 0xFF;
}

}  // namespace

TEST_CASE("pixel/fog: W table fog reads clip-space w, not eye z, for the Iron3D projection") {
    // Clip w = 350 * sin(0.65) = 350 * 0.605186 = 211.815; f = (500 - 211.815) / 400 = 0.72046
    // -> round(0.72046 * 255) = round(183.72) = 184.
    CHECK(foggedPixel(TableFogW::ClipW) == 184);
    // The eye-z reading: f = (500 - 350) / 400 = 0.375 -> round(95.625) = 96.
    CHECK(foggedPixel(TableFogW::EyeZ) == 96);
}
