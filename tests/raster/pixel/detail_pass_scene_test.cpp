// SPDX-License-Identifier: MIT
// Issue 4 item 7a: removing the AC detail pass changes no pixel where its fade
// is 0 (eye depth >= 50 m), byte for byte (legacy-behaviours §1; docs/fixed-function.md §9.2).
#include "refrast/render.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

using namespace refrast;

TEST_CASE("pixel/detail pass scene: beyond 50 m the detail pass is a byte-exact no-op") {
    const std::string dir = std::string(REFRAST_SOURCE_DIR) + "/scenes/pixel/";
    const Image with = render(loadScene(dir + "building_detail_pass.json"));
    const Image without = render(loadScene(dir + "building_detail_pass_off.json"));
    REQUIRE(with.width == without.width);
    // The floor (eye height 1.7, 60 degree horizontal FOV, 192 x 144) is at eye
    // depth 1.7 * 2.3094 / ((y - 72) / 72) for row y: 50 m at y = 77.65, so rows
    // up to 77 see depths >= 50 m (and the sky), where the fade is exactly 0.
    const size_t rowBytes = size_t(with.width) * 4;
    for (int y = 0; y <= 77; ++y) {
        CAPTURE(y);
        CHECK(std::equal(with.rgba.begin() + y * rowBytes, with.rgba.begin() + (y + 1) * rowBytes,
                         without.rgba.begin() + y * rowBytes));
    }
    // Nearer, the detail shows: the bottom row differs.
    const size_t last = size_t(with.height - 1) * rowBytes;
    CHECK_FALSE(std::equal(with.rgba.begin() + last, with.rgba.end(), without.rgba.begin() + last));
}
