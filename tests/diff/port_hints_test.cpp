// SPDX-License-Identifier: MIT
// Port-bug hints, each on a constructed case.
#include "refrast/diff.h"
#include "tests/diff/diff_test_util.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>

using namespace refrast;
using namespace refrast::difftest;

namespace {

constexpr int kSize = 16;

// A flat grey border (2 pixels) around a non-symmetric pattern, so shifts and
// flips change it while clamped edges stay consistent.
Image pattern(uint8_t alpha = 255) {
    Image image = filledImage(kSize, kSize, {50, 50, 50, alpha});
    for (int y = 2; y < kSize - 2; ++y)
        for (int x = 2; x < kSize - 2; ++x)
            setPixel(image, x, y, {uint8_t(x * 15), uint8_t(y * 13), uint8_t((x * 7 + y * 29) % 256), alpha});
    return image;
}

Image mapPixels(const Image& in, const std::function<void(int, int, uint8_t*)>& f) {
    Image out = in;
    for (int y = 0; y < in.height; ++y)
        for (int x = 0; x < in.width; ++x) f(x, y, out.pixel(x, y));
    return out;
}

std::string hintFor(const Image& a, const Image& b) { return compareImages(a, b, {}).hint; }

const uint8_t* clamped(const Image& image, int x, int y) {
    return image.pixel(std::clamp(x, 0, image.width - 1), std::clamp(y, 0, image.height - 1));
}

}  // namespace

TEST_CASE("diff/port_hints: R and B swapped") {
    const Image a = pattern();
    const Image b = mapPixels(a, [](int, int, uint8_t* p) { std::swap(p[0], p[2]); });
    CHECK(hintFor(a, b) == "images match after swapping R and B");
}

TEST_CASE("diff/port_hints: vertical flip") {
    const Image a = pattern();
    const Image b = mapPixels(a, [&](int x, int y, uint8_t* p) { std::copy_n(a.pixel(x, kSize - 1 - y), 4, p); });
    CHECK(hintFor(a, b) == "images match after flipping B vertically");
}

TEST_CASE("diff/port_hints: one-pixel shift") {
    // B is A moved one pixel right: B(x, y) = A(x - 1, y); moving B left undoes it.
    const Image a = pattern();
    const Image b = mapPixels(a, [&](int x, int y, uint8_t* p) { std::copy_n(clamped(a, x - 1, y), 4, p); });
    CHECK(hintFor(a, b) == "images match after moving B by (-1, +0) pixels");
}

TEST_CASE("diff/port_hints: half-pixel shift (bilinear sample half a pixel to the right)") {
    const Image a = pattern();
    const Image b = mapPixels(a, [&](int x, int y, uint8_t* p) {
        for (int c = 0; c < 4; ++c) p[c] = uint8_t((a.pixel(x, y)[c] + clamped(a, x + 1, y)[c] + 1) / 2);
    });
    CHECK(hintFor(a, b) == "images match after shifting A by half a pixel (-0.5, +0.0) (a half-pixel centre offset)");
}

TEST_CASE("diff/port_hints: premultiplied vs straight alpha, both ways") {
    const Image straight = pattern(128);
    const Image premultiplied = mapPixels(straight, [](int, int, uint8_t* p) {
        for (int c = 0; c < 3; ++c) p[c] = uint8_t(p[c] * p[3] / 255);  // truncating: within the +1 allowance
    });
    CHECK(hintFor(straight, premultiplied) ==
          "images match after premultiplying A's colour by its alpha (premultiplied vs straight alpha)");
    CHECK(hintFor(premultiplied, straight) ==
          "images match after premultiplying B's colour by its alpha (premultiplied vs straight alpha)");
}

TEST_CASE("diff/port_hints: sRGB applied twice, encode and decode") {
    // A mid-grey ramp: encode(0.5) = 0.735, so every non-zero pixel changes.
    Image a(kSize, kSize);
    for (int i = 0; i < kSize * kSize; ++i) std::fill_n(&a.rgba[size_t(i) * 4], 3, uint8_t(i)), a.rgba[size_t(i) * 4 + 3] = 255;
    // Reference values of the IEC 61966-2-1 curves in double precision, rounded.
    const auto encode = [](double x) { return x <= 0.0031308 ? 12.92 * x : 1.055 * std::pow(x, 1 / 2.4) - 0.055; };
    const auto decode = [](double x) { return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4); };
    const auto viaCurve = [](const auto& curve) {
        return [curve](int, int, uint8_t* p) {
            for (int c = 0; c < 3; ++c) p[c] = uint8_t(curve(p[c] / 255.0) * 255.0 + 0.5);
        };
    };
    CHECK(hintFor(a, mapPixels(a, viaCurve(encode))) == "images match after sRGB-encoding A once more (sRGB encoding applied twice)");
    CHECK(hintFor(a, mapPixels(a, viaCurve(decode))) == "images match after sRGB-decoding A once more (sRGB decoding applied twice)");
}

TEST_CASE("diff/port_hints: a partial explanation names what remains") {
    const Image a = pattern();
    Image b = mapPixels(a, [](int, int, uint8_t* p) { std::swap(p[0], p[2]); });
    setPixel(b, 0, 0, {0, 0, 0, 255});  // one unrelated change in the flat border (R = B there)
    const int64_t before = compareImages(a, b, {}).metrics.differingPixels;
    CHECK(hintFor(a, b) == "after swapping R and B only 1 of " + std::to_string(before) + " differing pixels remain");
}

TEST_CASE("diff/port_hints: no hint for an unrelated change or when the gate passes") {
    const Image a = pattern();
    Image b = a;
    setPixel(b, 5, 5, {1, 2, 3, 255});
    CHECK(hintFor(a, b).empty());
    // A change on the border is not "explained" by a shift that skips that row.
    const Image flat = filledImage(4, 2, {10, 20, 30, 255});
    Image changed = flat;
    setPixel(changed, 1, 0, {10, 20, 42, 255});
    CHECK(hintFor(flat, changed).empty());
    DiffOptions o;
    o.gate.maxPixels = 1;
    CHECK(compareImages(a, b, o).hint.empty());
}

TEST_CASE("diff/port_hints: a GL readback of a BGRA image is upside down and R/B swapped at once") {
    const Image a = pattern();
    const Image b = mapPixels(a, [&a](int x, int y, uint8_t* p) {
        const uint8_t* q = a.pixel(x, a.height - 1 - y);
        p[0] = q[2], p[1] = q[1], p[2] = q[0], p[3] = q[3];
    });
    const DiffResult r = compareImages(a, b, {});
    CHECK(r.hint == "images match after flipping B vertically and swapping R and B (a GL readback of a BGRA image)");
    CHECK(r.hintDetail.kind == "flip_y_swap_rb");
    CHECK(r.hintDetail.remainingPixels == 0);
}

TEST_CASE("diff/port_hints: shifts of more than one pixel, nearest first") {
    // A pattern with a 6-pixel flat border, so a 3-pixel shift stays inside it.
    Image a = filledImage(24, 24, {50, 50, 50, 255});
    for (int y = 6; y < 18; ++y)
        for (int x = 6; x < 18; ++x) setPixel(a, x, y, {uint8_t(x * 11), uint8_t(y * 9), uint8_t((x * 7 + y * 29) % 256), 255});
    // B is A moved 3 right and 2 down: B(x, y) = A(x - 3, y - 2); moving B back by (-3, -2) undoes it.
    const Image b = mapPixels(a, [&a](int x, int y, uint8_t* p) { std::copy_n(clamped(a, x - 3, y - 2), 4, p); });
    const DiffResult r = compareImages(a, b, {});
    CHECK(r.hint == "images match after moving B by (-3, -2) pixels");
    CHECK(r.hintDetail.kind == "shift");
    CHECK(r.hintDetail.dx == -3);
    CHECK(r.hintDetail.dy == -2);
}

TEST_CASE("diff/port_hints: only alpha differs (alpha forced to 255) suggests --ignore-alpha") {
    const Image a = pattern(200);
    const Image b = mapPixels(a, [](int, int, uint8_t* p) { p[3] = 255; });
    CHECK(hintFor(a, b) == "images match after ignoring alpha (only alpha differs and B's alpha is 255 everywhere "
                           "(alpha forced opaque); gate with --ignore-alpha if alpha is not part of the contract)");
    DiffOptions o;
    o.ignoreAlpha = true;
    CHECK(compareImages(a, b, o).pass);  // and with it the gate passes
}

TEST_CASE("diff/port_hints: a hint still fires under noise of 2 levels, not of 3") {
    const Image a = pattern();
    const auto swappedWithNoise = [&a](int noise) {
        return mapPixels(a, [noise](int x, int y, uint8_t* p) {
            std::swap(p[0], p[2]);
            if ((x + y) % 4 == 0) p[1] = uint8_t(std::min(255, p[1] + noise));  // one pixel in four
        });
    };
    CHECK(hintFor(a, swappedWithNoise(2)) == "images match after swapping R and B");
    const std::string three = hintFor(a, swappedWithNoise(3));
    CHECK(three.rfind("after swapping R and B only 64 of ", 0) == 0);  // the 64 noisy pixels remain
}
