// SPDX-License-Identifier: MIT
// The draw attribution's touch record (refrast/draw_touches.h): every draw
// whose fragments reached a pixel, written or not, since the pixel was last
// cleared; the pixel counts are worked out by hand.
#include "refrast/render.h"
#include "refrast/scene.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <array>
#include <string>

using namespace refrast;
using namespace refrast::test;

namespace {

std::string vertex(int x, int y, double z, const char* color) {
    return "[" + std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(z) + ", 1, \"" + color + "\"]";
}

// [x0, x1) x [y0, y1) at depth z as two triangles.
std::string rect(int x0, int y0, int x1, int y1, double z, const char* color) {
    return R"({"DrawPrimitiveUP": {"primitive": "TRIANGLELIST", "primitive_count": 2, "vertices": [)" +
           vertex(x0, y0, z, color) + ", " + vertex(x1, y0, z, color) + ", " + vertex(x1, y1, z, color) + ", " +
           vertex(x0, y0, z, color) + ", " + vertex(x1, y1, z, color) + ", " + vertex(x0, y1, z, color) + "]}}";
}

Scene sceneOf(const TempDir& dir, int size, const std::string& commands) {
    return loadScene(dir.write("scene.json", R"({"refrast_scene": 2, "surfaces": [
      {"name": "backbuffer", "format": "X8R8G8B8", "width": )" + std::to_string(size) + R"(, "height": )" +
                                                 std::to_string(size) + R"(},
      {"name": "depth", "format": "D24S8", "width": )" + std::to_string(size) + R"(, "height": )" +
                                                 std::to_string(size) + R"(}], "commands": [
      {"Clear": {"flags": "TARGET|ZBUFFER", "color": "0xff000000", "z": 1.0}},
      {"SetRenderState": {"lighting": false, "cullmode": "NONE"}}, {"SetFVF": "XYZRHW|DIFFUSE"},)" +
                                                 commands + "]}"));
}

RenderPlanes planesOf(const Scene& scene, int threads = 1) {
    RenderOptions options;
    options.threads = threads;
    options.touches = true;
    RenderPlanes planes;
    render(scene, options, nullptr, &planes);
    return planes;
}

// Count and the most recent touching draws (draw index + 1) at (x, y) of an 8-wide image.
struct Touched {
    int count;
    std::array<uint32_t, kRecentTouches> recent;
    bool operator==(const Touched&) const = default;
};

Touched at(const RenderPlanes& p, int x, int y, int width = 8) {
    const size_t i = size_t(y) * size_t(width) + size_t(x);
    Touched t{p.touches.count[i], {}};
    for (int k = 0; k < kRecentTouches; ++k) t.recent[size_t(k)] = p.touches.of(i)[k];
    return t;
}

// An 8x8 target, depth on (LESSEQUAL):
//   draw 0: red [0,4) x [0,4) at z 0.2, written everywhere;
//   draw 1: green [2,6) x [2,6) at z 0.6: its 4 px over draw 0 ([2,4)^2) fail
//           the depth test (0.6 > 0.2) but are touched (the early depth path);
//   draw 2: [0,8) x [0,1) at z 0.1 under ALPHAFUNC NEVER: touches row 0 and
//           writes nothing (the merger's alpha test, after shading);
//   draw 3: a line (1,7) -> (5,7): lights and touches (1..4, 7);
//   then a clear of [6,0,8,1]: (6,0) and (7,0) forget their touches.
std::string mixedCommands() {
    return rect(0, 0, 4, 4, 0.2, "0xffff0000") + ", " + rect(2, 2, 6, 6, 0.6, "0xff00ff00") +
           R"(, {"SetRenderState": {"alphatestenable": true, "alphafunc": "NEVER"}}, )" + rect(0, 0, 8, 1, 0.1, "0xff0000ff") +
           R"(, {"SetRenderState": {"alphatestenable": false}},)" +
           R"({"DrawPrimitiveUP": {"primitive": "LINELIST", "primitive_count": 1, "vertices": [)" +
           vertex(1, 7, 0.5, "0xffffffff") + ", " + vertex(5, 7, 0.5, "0xffffffff") + "]}}" +
           R"(, {"Clear": {"flags": "TARGET", "color": "0xff000000", "rects": [[6, 0, 8, 1]]}})";
}

}  // namespace

TEST_CASE("touches: depth- and alpha-rejected fragments count, lines count, a clear forgets") {
    TempDir dir;
    const RenderPlanes p = planesOf(sceneOf(dir, 8, mixedCommands()));
    REQUIRE(p.touches.count.size() == 64);
    REQUIRE(p.touches.recent.size() == 64 * kRecentTouches);
    CHECK(at(p, 0, 0) == Touched{2, {3, 1, 0, 0}});  // draw 0 wrote it, draw 2 failed the alpha test
    CHECK(p.drawId[0] == 1);
    CHECK(at(p, 3, 3) == Touched{2, {2, 1, 0, 0}});  // draw 1 hidden behind draw 0
    CHECK(p.drawId[3 * 8 + 3] == 1);
    CHECK(at(p, 5, 5) == Touched{1, {2, 0, 0, 0}});
    CHECK(at(p, 5, 0) == Touched{1, {3, 0, 0, 0}});  // touched by draw 2 only, still cleared
    CHECK(p.drawId[5] == 0);
    CHECK(at(p, 7, 0) == Touched{0, {0, 0, 0, 0}});  // the later clear
    for (int x = 1; x <= 4; ++x) CHECK(at(p, x, 7) == Touched{1, {4, 0, 0, 0}});
    CHECK(at(p, 5, 7) == Touched{0, {0, 0, 0, 0}});  // the line's end pixel is not lit
    // Touches in all: draw 0 16 + draw 1 16 + draw 2 8 - 2 cleared + the line 4 = 42.
    int total = 0;
    for (uint16_t c : p.touches.count) total += c;
    CHECK(total == 42);
}

TEST_CASE("touches: the same record with any thread count, and none unless asked for") {
    TempDir dir;
    const Scene scene = sceneOf(dir, 8, mixedCommands());
    const RenderPlanes one = planesOf(scene, 1), many = planesOf(scene, 4);
    CHECK(one.touches.count == many.touches.count);
    CHECK(one.touches.recent == many.touches.recent);
    RenderPlanes plain;
    render(scene, {}, nullptr, &plain);
    CHECK(plain.touches.empty());
    CHECK(plain.drawId == one.drawId);
}

TEST_CASE("touches: a pixel under more draws than the record keeps counts them all and keeps the latest") {
    TempDir dir;
    std::string commands = R"({"SetRenderState": {"zenable": false}})";
    for (int d = 0; d < 6; ++d) commands += ", " + rect(0, 0, 2, 2, 0.5, "0xff808080");
    const RenderPlanes p = planesOf(sceneOf(dir, 2, commands));
    // Six draws (ids 1..6) over every pixel: count 6, the four latest kept, most recent first.
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 2; ++x) CHECK(at(p, x, y, 2) == Touched{6, {6, 5, 4, 3}});
}
