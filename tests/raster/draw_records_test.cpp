// SPDX-License-Identifier: MIT
// The draw-id and overdraw planes are kept only when something reads them
// (ExtraPlanes::drawRecords): a render to the final image alone gives the
// same bytes without them, and the planes are exact when asked for.
#include "raster/command_stream.h"
#include "refrast/render.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

using namespace refrast;

TEST_CASE("pipeline: the draw records are skipped when nothing reads them, and the frame is the same") {
    // A version-1 scene, and version-2 ones with clears, colour fills, a
    // StretchRect, render to texture and a depth clear between passes.
    for (const char* name : {"depth/intersecting_quads_d24s8", "capture/clears_formats_stretch",
                             "capture/water_reflection_pass", "capture/sky_pass_depth_clear"}) {
        CAPTURE(name);
        const Scene scene = loadScene(std::string(REFRAST_SOURCE_DIR) + "/scenes/" + name + ".json");
        RenderPlanes planes;
        const Image with = render(scene, {}, nullptr, &planes);
        const Image without = render(scene, {});
        CHECK(with.rgba == without.rgba);
        // Requested, the records are there: some pixel was last written by a draw.
        CHECK(planes.drawId.size() == size_t(with.width) * size_t(with.height));
        CHECK(std::any_of(planes.drawId.begin(), planes.drawId.end(), [](uint32_t id) { return id != 0; }));

        const FrameSurfaces kept = runCommandStream(scene, 1, nullptr, ExtraPlanes{false, false, true});
        const FrameSurfaces skipped = runCommandStream(scene, 1, nullptr, ExtraPlanes{false, false, false});
        CHECK(kept.color().drawId == planes.drawId);
        CHECK(kept.color().overdraw.size() == planes.drawId.size());
        for (const Framebuffer& fb : skipped.surfaces) {
            CHECK(fb.drawId.empty());
            CHECK(fb.overdraw.empty());
        }
        CHECK(skipped.color().color == kept.color().color);
    }
}
