// SPDX-License-Identifier: MIT
// compareImages: every metric on a synthetic pair with known differences.
#include "refrast/diff.h"
#include "tests/diff/diff_test_util.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace refrast;
using namespace refrast::difftest;

namespace {

// A: 4x2, every pixel (10,20,30,255). B: (1,0) has R 13 (delta r 3),
// (2,1) is (10,20,40,200) (delta b 10, delta a 55).
struct KnownPair {
    Image a = filledImage(4, 2, {10, 20, 30, 255});
    Image b = a;
    KnownPair() {
        setPixel(b, 1, 0, {13, 20, 30, 255});
        setPixel(b, 2, 1, {10, 20, 40, 200});
    }
};

}  // namespace

TEST_CASE("diff/compare_images: every metric of a known pair, exact gate") {
    KnownPair p;
    const DiffResult r = compareImages(p.a, p.b, {});
    const DiffMetrics& m = r.metrics;
    CHECK(m.comparedPixels == 8);
    CHECK(m.differingPixels == 2);
    CHECK(m.excusedPixels == 0);
    CHECK(m.differingFraction == 0.25);  // 2 / 8
    CHECK(m.maxDelta == std::array<int, 4>{3, 0, 10, 55});
    CHECK(m.meanAbsError == std::array<double, 4>{0.375, 0.0, 1.25, 6.875});  // 3/8, 0/8, 10/8, 55/8
    CHECK(m.meanAbsErrorRgb == 13.0 / 24.0);                                   // (3 + 0 + 10) / (3 * 8)
    CHECK(m.rmse == std::sqrt(3134.0 / 32.0));  // (3^2 + 10^2 + 55^2) / (4 channels * 8 pixels)
    REQUIRE(m.psnr);
    CHECK(*m.psnr == doctest::Approx(28.221313470552452).epsilon(1e-14));  // 10 log10(255^2 / 97.9375)
    CHECK(m.bbox == PixelRect{1, 0, 3, 2});
    CHECK_FALSE(r.pass);  // exact gate, 2 differing pixels
    CHECK(r.hint.empty());  // no single transform explains two unrelated changes
}

TEST_CASE("diff/compare_images: tolerance excludes small deltas from differing, not from the means") {
    KnownPair p;
    DiffOptions o;
    o.tolerance = 5;  // delta r 3 <= 5: within tolerance; (2,1) still differs (55 > 5)
    const DiffResult r = compareImages(p.a, p.b, o);
    CHECK(r.metrics.differingPixels == 1);
    CHECK(r.metrics.bbox == PixelRect{2, 1, 3, 2});
    CHECK(r.metrics.meanAbsErrorRgb == 13.0 / 24.0);
}

TEST_CASE("diff/compare_images: ignore alpha drops A from deltas, rmse and the gate") {
    KnownPair p;
    DiffOptions o;
    o.ignoreAlpha = true;
    const DiffResult r = compareImages(p.a, p.b, o);
    CHECK(r.metrics.maxDelta == std::array<int, 4>{3, 0, 10, 0});
    CHECK(r.metrics.meanAbsError[3] == 0.0);
    CHECK(r.metrics.rmse == std::sqrt(109.0 / 24.0));  // (9 + 100) / (3 channels * 8 pixels)
    CHECK(r.metrics.differingPixels == 2);
}

TEST_CASE("diff/compare_images: identical images take the fast path and pass with infinite PSNR") {
    const Image a = filledImage(3, 3, {1, 2, 3, 4});
    const DiffResult r = compareImages(a, a, {});
    CHECK(r.metrics.comparedPixels == 9);
    CHECK(r.metrics.differingPixels == 0);
    CHECK(r.metrics.rmse == 0.0);
    CHECK_FALSE(r.metrics.psnr);
    CHECK_FALSE(r.metrics.bbox);
    CHECK(r.pass);
}

TEST_CASE("diff/compare_images: a mask removes pixels from every count and sum") {
    KnownPair p;
    Image mask = filledImage(4, 2, {255, 255, 255, 255});
    setPixel(mask, 2, 1, {0, 0, 0, 255});  // black: ignore the (2,1) change
    setPixel(mask, 3, 1, {255, 255, 255, 0});  // transparent: ignored too
    DiffOptions o;
    o.mask = &mask;
    const DiffResult r = compareImages(p.a, p.b, o);
    CHECK(r.metrics.comparedPixels == 6);
    CHECK(r.metrics.differingPixels == 1);
    CHECK(r.metrics.maxDelta == std::array<int, 4>{3, 0, 0, 0});
    CHECK(r.metrics.meanAbsErrorRgb == 3.0 / 18.0);  // 3 / (3 * 6)
    // The identical fast path honours the mask as well.
    CHECK(compareImages(p.a, p.a, o).metrics.comparedPixels == 6);
}

TEST_CASE("diff/compare_images: regions get their own statistics") {
    KnownPair p;
    DiffOptions o;
    o.regions = {{"left", {0, 0, 2, 2}, std::nullopt}, {"right", {2, 0, 4, 2}, std::nullopt}};
    const DiffResult r = compareImages(p.a, p.b, o);
    REQUIRE(r.regions.size() == 2);
    CHECK(r.regions[0].region.name == "left");
    CHECK(r.regions[0].metrics.comparedPixels == 4);
    CHECK(r.regions[0].metrics.differingPixels == 1);  // (1,0)
    CHECK(r.regions[0].metrics.meanAbsErrorRgb == 3.0 / 12.0);
    CHECK(r.regions[1].metrics.differingPixels == 1);  // (2,1)
    CHECK(r.regions[1].metrics.maxDelta == std::array<int, 4>{0, 0, 10, 55});
    CHECK(r.regions[1].metrics.bbox == PixelRect{2, 1, 3, 2});
}

TEST_CASE("diff/compare_images: gate thresholds each decide pass and fail") {
    KnownPair p;  // 2 differing of 8 (0.25), max delta 55, mean RGB error 13/24 = 0.5417
    const auto passes = [&](DiffGate g) {
        DiffOptions o;
        o.gate = g;
        o.hints = false;
        return compareImages(p.a, p.b, o).pass;
    };
    const auto gate = [](std::optional<double> f, std::optional<int64_t> n, std::optional<int> d, std::optional<double> e) {
        DiffGate g;
        g.maxFraction = f, g.maxPixels = n, g.maxDelta = d, g.maxMeanError = e;
        return g;
    };
    const auto none = std::nullopt;
    CHECK(passes(gate(0.25, none, none, none)));
    CHECK_FALSE(passes(gate(0.2, none, none, none)));
    CHECK(passes(gate(none, 2, none, none)));
    CHECK_FALSE(passes(gate(none, 1, none, none)));
    CHECK(passes(gate(none, none, 55, none)));
    CHECK_FALSE(passes(gate(none, none, 54, none)));
    CHECK(passes(gate(none, none, none, 0.55)));
    CHECK_FALSE(passes(gate(none, none, none, 0.54)));
    CHECK_FALSE(passes(gate(1.0, 1, none, none)));  // every given threshold must hold
}

TEST_CASE("diff/compare_images: rows wider than one 4096-pixel chunk are tallied across the seam") {
    const Image a = filledImage(4100, 2, {0, 0, 0, 255});
    Image b = a;
    setPixel(b, 4095, 1, {1, 0, 0, 255});
    setPixel(b, 4096, 1, {0, 2, 0, 255});
    setPixel(b, 4099, 1, {0, 0, 3, 255});
    const DiffResult r = compareImages(a, b, {});
    CHECK(r.metrics.differingPixels == 3);
    CHECK(r.metrics.bbox == PixelRect{4095, 1, 4100, 2});
    CHECK(r.metrics.maxDelta == std::array<int, 4>{1, 2, 3, 0});
    CHECK(r.metrics.meanAbsErrorRgb == 6.0 / (3.0 * 8200.0));
}

TEST_CASE("diff/compare_images: pixel classes for the heat map") {
    KnownPair p;
    DiffOptions o;
    o.tolerance = 5;
    o.keepPixelClasses = true;
    const DiffResult r = compareImages(p.a, p.b, o);
    REQUIRE(r.pixelClasses.size() == 8);
    CHECK(r.pixelClasses[0] == PixelClass::Equal);
    CHECK(r.pixelClasses[1] == PixelClass::WithinTolerance);  // (1,0), delta 3
    CHECK(r.pixelClasses[6] == PixelClass::Differing);        // (2,1)
}

TEST_CASE("diff/compare_images: different sizes are rejected") {
    CHECK_THROWS_WITH_AS(compareImages(Image(2, 2), Image(3, 2), {}), "compareImages: sizes differ: 2x2 and 3x2",
                         std::invalid_argument);
}

TEST_CASE("diff/compare_images: a region with thresholds of its own must pass them as well") {
    KnownPair p;
    DiffOptions o;
    o.gate.maxPixels = 2;  // the whole image passes (2 differing pixels)
    DiffGate exact;        // no thresholds: exact
    o.regions = {{"left", {0, 0, 2, 2}, exact}, {"right", {2, 0, 4, 2}, std::nullopt}};
    DiffResult r = compareImages(p.a, p.b, o);
    CHECK_FALSE(r.regions[0].pass);  // (1,0) differs inside "left"
    CHECK(r.regions[1].pass);        // no thresholds of its own
    CHECK_FALSE(r.pass);
    CHECK(diffRegionLines(r)[0].find(": FAIL (exact)") != std::string::npos);
    o.regions[0].gate->maxPixels = 1;
    r = compareImages(p.a, p.b, o);
    CHECK(r.regions[0].pass);
    CHECK(r.pass);
    CHECK(diffRegionLines(r)[0].find(": PASS (max pixels 1)") != std::string::npos);
}

TEST_CASE("diff/side_by_side: a caption band names the panels, with the shown rectangle when it fits") {
    // 40x4 at zoom 1: panels 40 px wide, 2 px gaps: 3 * 40 + 4 = 124 wide; a
    // band of 7 + 4 = 11 rows on top: 4 + 11 = 15 high. "A [0,0,40,4]" is
    // 12 glyphs, 12 * 6 - 1 = 71 px + 4 > 40: only "A" and "B" are written,
    // from x0 + 2, row 2. 'A' row 0 is .###. (x 3..5), 'B' row 0 is ####. (x 44..47).
    const Image a = filledImage(40, 4, {10, 20, 30, 255});
    DiffOptions options;
    options.keepPixelClasses = true;
    const Image s = sideBySide(a, a, compareImages(a, a, options), {});
    REQUIRE(s.width == 124);
    REQUIRE(s.height == 15);
    const auto grey = [&](int x, int y) { return s.pixel(x, y)[0]; };
    CHECK(grey(2, 2) == 32);  // the band
    CHECK(grey(3, 2) == 255);
    CHECK(grey(5, 2) == 255);
    CHECK(grey(6, 2) == 32);
    CHECK(grey(43, 2) == 32);
    CHECK(grey(44, 2) == 255);
    CHECK(grey(47, 2) == 255);
    CHECK(s.pixel(0, 11)[2] == 30);  // A's first pixel under the band
    // At zoom 4 (160 px panels, glyph scale 2) the full caption fits
    // (71 * 2 + 4 = 146 <= 160); the band is 7 * 2 + 4 = 18 rows: 4 * 4 + 18 = 34 high.
    SideBySideOptions zoomed;
    zoomed.zoom = 4;
    const Image z = sideBySide(a, a, compareImages(a, a, options), zoomed);
    CHECK(z.height == 34);
    // "A [": '[' is glyph 2, at x 2 + 2 * 12 = 26; its row 0 .###. doubled: x 28..33 white.
    CHECK(z.pixel(28, 2)[0] == 255);
    CHECK(z.pixel(33, 3)[0] == 255);
    CHECK(z.pixel(27, 2)[0] == 32);
}
