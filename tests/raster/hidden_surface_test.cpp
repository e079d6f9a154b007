// SPDX-License-Identifier: MIT
// Hidden-surface removal (raster/rasterize/hidden_surface.h): the owner
// bookkeeping by hand, and whole frames rendered with and without it give
// the same colour, depth, stencil and fragment records.
#include "raster/command_stream.h"
#include "raster/rasterize/hidden_surface.h"
#include "raster/rasterize/interpolate.h"
#include "refrast/render.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace refrast;

namespace {

// Restores the process-wide switch when a test ends.
struct HiddenSurfaceSwitch {
    explicit HiddenSurfaceSwitch(bool on) { setHiddenSurfaceRemoval(on); }
    ~HiddenSurfaceSwitch() { setHiddenSurfaceRemoval(true); }
};

// A span of one quad at (x, y) with coverage `bits`.
QuadSpan quadAt(int x, int y, uint8_t bits) {
    QuadSpan s;
    s.quads = 1;
    s.y[0] = y;
    s.x[0] = x;
    s.coverage[0] = bits;
    return s;
}

}  // namespace

TEST_CASE("hidden surface: owners claim and lose pixels") {
    DrawContext ctx;
    SetupTriangle a{}, b{}, c{};
    TileOwners owners;
    owners.begin({64, 128, 128, 192});  // tile (1, 2) of 64-pixel tiles, a fresh thread's first
    const uint32_t ia = owners.defer(ctx, a), ib = owners.defer(ctx, b), ic = owners.defer(ctx, c);
    CHECK(ia == 1);
    CHECK(ib == 2);
    CHECK(ic == 3);
    // a covers and takes the whole quads at (64, 128) and (66, 128).
    owners.claim(quadAt(64, 128, 0xF), 0xF, 0xF, ia);
    owners.claim(quadAt(66, 128, 0xF), 0xF, 0xF, ia);
    CHECK(owners.takeHidden() == 0);
    // b covers the first quad but only pixels 1 and 3 (the right column) pass depth: a loses 2 pixels unshaded.
    owners.claim(quadAt(64, 128, 0xF), 0xF, 0xA, ib);
    CHECK(owners.takeHidden() == 2);
    // c wins the whole second quad from a: 4 more hidden; a keeps pixels 0 and 2 of the first.
    owners.claim(quadAt(66, 128, 0xF), 0xF, 0xF, ic);
    CHECK(owners.takeHidden() == 4);
    CHECK(owners.ownedQuad(64, 128, 0xF, ia) == 0x5);
    CHECK(owners.ownedQuad(64, 128, 0x4, ia) == 0x4);  // only the covered pixels asked for
    CHECK(owners.ownedQuad(64, 128, 0xF, ib) == 0xA);
    CHECK(owners.ownedQuad(66, 128, 0xF, ic) == 0xF);
    CHECK(owners.ownedQuad(66, 128, 0xF, ia) == 0x0);
    // Every pending triangle that still owns a pixel shades, in submission order: a (2 px, lost some), b (2,
    // some failed depth), c (4, whole: it owns all it covered).
    std::vector<uint32_t> shaded;
    std::vector<bool> whole;
    owners.flush([&](const DrawContext&, const SetupTriangle& t, uint32_t id, bool all) {
        CHECK(&t == (id == 1 ? &a : id == 2 ? &b : &c));
        shaded.push_back(id);
        whole.push_back(all);
    });
    CHECK(shaded == std::vector<uint32_t>{1, 2, 3});
    CHECK(whole == std::vector<bool>{false, false, true});
    CHECK(!owners.pending());
    // Shaded owners own nothing any more: ids keep growing, the map is not cleared.
    CHECK(owners.ownedQuad(66, 128, 0xF, ic) == 0xF);  // the stale entry still reads as c's id ...
    const uint32_t id = owners.defer(ctx, a);
    CHECK(id == 4);  // ... but no pending triangle has it
    owners.claim(quadAt(66, 128, 0xF), 0xF, 0xF, id);
    CHECK(owners.takeHidden() == 0);  // c was shaded: nothing hidden
    // A triangle that lost every pixel is not shaded at all; a new tile starts with no owner.
    const uint32_t later = owners.defer(ctx, b);
    owners.claim(quadAt(66, 128, 0xF), 0xF, 0xF, later);
    CHECK(owners.takeHidden() == 4);
    shaded.clear();
    owners.flush([&](const DrawContext&, const SetupTriangle&, uint32_t k, bool all) {
        shaded.push_back(k);
        CHECK(all);
    });
    CHECK(shaded == std::vector<uint32_t>{5});
    owners.begin({0, 0, 64, 64});
    const uint32_t fresh = owners.defer(ctx, c);
    CHECK(fresh == 6);
    owners.claim(quadAt(2, 0, 0xF), 0xF, 0xF, fresh);  // the same map entries as (66, 128) in the old tile
    CHECK(owners.takeHidden() == 0);
}

TEST_CASE("hidden surface: which draws defer") {
    const Scene scene = loadScene(std::string(REFRAST_SOURCE_DIR) + "/scenes/capture/hidden_surface_mix.json");
    Framebuffer fb;
    fb.width = fb.height = 2;
    fb.colorFormat = ColorFormat::A8R8G8B8;
    DrawContext ctx;
    Draw draw = scene.draws.front();
    ctx.draw = &draw;
    ctx.shading = makeShadingPlan(draw);
    CHECK(colorDeferral(ctx, fb) == ColorDeferral::Defer);
    {
        const HiddenSurfaceSwitch off(false);
        CHECK(colorDeferral(ctx, fb) == ColorDeferral::Never);
    }
    ctx.shading.colorWriteMask = 0;
    CHECK(colorDeferral(ctx, fb) == ColorDeferral::WritesNoColor);
    ctx.shading.colorWriteMask = 0x7;  // alpha kept on a target with alpha: reads the stored pixel
    CHECK(colorDeferral(ctx, fb) == ColorDeferral::Never);
    fb.colorFormat = ColorFormat::X8R8G8B8;  // ... but a target without alpha has nothing more to write
    CHECK(colorDeferral(ctx, fb) == ColorDeferral::Defer);
    ctx.shading.blend.enable = true;
    CHECK(colorDeferral(ctx, fb) == ColorDeferral::Never);
    ctx.shading.blend.enable = false;
    draw.state.pixel.alphaTest.enable = true;
    CHECK(colorDeferral(ctx, fb) == ColorDeferral::Never);
    draw.state.pixel.alphaTest.enable = false;
    fb.knife.assign(4, 0);  // the ambiguity map probes every fragment
    CHECK(colorDeferral(ctx, fb) == ColorDeferral::Never);
}

TEST_CASE("hidden surface: frames, depth, stencil and fragment records are those of shading every fragment") {
    for (const char* name : {"capture/hidden_surface_mix", "capture/decal_depth_bias", "capture/water_reflection_pass",
                             "depth/intersecting_quads_d24s8", "pixel/effect_cards_vertex_alpha"}) {
        CAPTURE(name);
        const Scene scene = loadScene(std::string(REFRAST_SOURCE_DIR) + "/scenes/" + name + ".json");
        for (int threads : {1, 2}) {
            CAPTURE(threads);
            RenderOptions options;
            options.threads = threads;
            options.touches = true;
            RenderTimings onTimes, offTimes;
            RenderPlanes onPlanes, offPlanes;
            DepthReadback onDepth, offDepth;
            const Image on = render(scene, options, &onTimes, &onPlanes, &onDepth);
            const FrameSurfaces onRecords = runCommandStream(scene, threads, nullptr, ExtraPlanes{false, true, true});
            const HiddenSurfaceSwitch off(false);
            const Image without = render(scene, options, &offTimes, &offPlanes, &offDepth);
            const FrameSurfaces offRecords = runCommandStream(scene, threads, nullptr, ExtraPlanes{false, true, true});
            CHECK(onTimes.fragmentsHidden > 0);  // the scene exercises it
            CHECK(offTimes.fragmentsHidden == 0);
            CHECK(on.rgba == without.rgba);
            CHECK(onPlanes.drawId == offPlanes.drawId);
            CHECK(onPlanes.touches.count == offPlanes.touches.count);
            CHECK(onPlanes.touches.recent == offPlanes.touches.recent);
            CHECK(onDepth.depth == offDepth.depth);
            CHECK(onDepth.stencil == offDepth.stencil);
            REQUIRE(onRecords.surfaces.size() == offRecords.surfaces.size());
            for (size_t k = 0; k < onRecords.surfaces.size(); ++k) {
                CHECK(onRecords.surfaces[k].color == offRecords.surfaces[k].color);
                CHECK(onRecords.surfaces[k].overdraw == offRecords.surfaces[k].overdraw);
                CHECK(onRecords.surfaces[k].drawId == offRecords.surfaces[k].drawId);
            }
        }
    }
}
