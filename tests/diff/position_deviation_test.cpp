// SPDX-License-Identifier: MIT
// The two-way position-deviation excuse (--position-deviation K).
#include "refrast/diff.h"
#include "tests/diff/diff_test_util.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::difftest;

namespace {


// 8x8 black with a white square covering columns [left, left + 3) and rows 2..5.
Image squareAt(int left) {
    Image image = filledImage(8, 8, {0, 0, 0, 255});
    for (int y = 2; y < 6; ++y)
        for (int x = left; x < left + 3; ++x) setPixel(image, x, y, {255, 255, 255, 255});
    return image;
}

DiffResult compareWithDeviation(const Image& a, const Image& b, int k) {
    DiffOptions o;
    o.positionDeviation = k;
    o.hints = false;
    return compareImages(a, b, o);
}

}  // namespace

TEST_CASE("diff/position_deviation: a one-pixel edge shift is excused and passes the exact gate") {
    // Square at columns 2..4 in A, 3..5 in B: columns 2 and 5 differ on rows 2..5 (8 pixels).
    const DiffResult r = compareWithDeviation(squareAt(2), squareAt(3), 1);
    CHECK(r.metrics.excusedPixels == 8);
    CHECK(r.metrics.differingPixels == 0);
    CHECK(r.metrics.maxDelta == std::array<int, 4>{0, 0, 0, 0});  // excused pixels count as matching
    CHECK(r.pass);
    // Without the excuse the same pair fails with all 8.
    CHECK(compareWithDeviation(squareAt(2), squareAt(3), 0).metrics.differingPixels == 8);
}

TEST_CASE("diff/position_deviation: a two-pixel shift is not excused with K = 1, is with K = 2") {
    CHECK(compareWithDeviation(squareAt(2), squareAt(4), 1).metrics.differingPixels > 0);
    CHECK(compareWithDeviation(squareAt(2), squareAt(4), 2).metrics.differingPixels == 0);
}

TEST_CASE("diff/position_deviation: a changed pixel is rejected although one direction finds a match") {
    // B gains a lone white pixel in black surroundings. A's pixel (black) finds
    // black in B nearby, but B's white finds no white in A within 1: two-way rule.
    const Image a = squareAt(2);
    Image b = a;
    setPixel(b, 0, 7, {255, 255, 255, 255});
    const DiffResult r = compareWithDeviation(a, b, 1);
    CHECK(r.metrics.differingPixels == 1);
    CHECK(r.metrics.excusedPixels == 0);
    CHECK(r.metrics.bbox == PixelRect{0, 7, 1, 8});
    CHECK_FALSE(r.pass);
}

TEST_CASE("diff/position_deviation: a recoloured pixel inside the shifted square still counts") {
    Image b = squareAt(3);
    setPixel(b, 4, 4, {255, 0, 0, 255});  // red: no red anywhere in A
    const DiffResult r = compareWithDeviation(squareAt(2), b, 1);
    CHECK(r.metrics.excusedPixels == 8);
    CHECK(r.metrics.differingPixels == 1);
    CHECK(r.metrics.maxDelta == std::array<int, 4>{0, 255, 255, 0});  // white -> red
}
