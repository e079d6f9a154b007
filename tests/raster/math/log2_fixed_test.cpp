// SPDX-License-Identifier: MIT
// Fixed-point log2 by shift-and-square (docs/textures.md rule T-9).
#include "raster/math/log2_fixed.h"

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

using namespace refrast;

TEST_CASE("math/log2_fixed: floor(log2(x)·2^bits) for exact powers and in between") {
    CHECK(log2Fixed(1.0f, 8) == 0);
    CHECK(log2Fixed(2.0f, 8) == 256);
    CHECK(log2Fixed(0.5f, 8) == -256);
    CHECK(log2Fixed(3.0f, 8) == 405);    // log2 3 · 256 = 405.75
    CHECK(log2Fixed(10.0f, 4) == 53);    // log2 10 · 16 = 53.15
    CHECK(log2Fixed(0.75f, 8) == -107);  // log2 0.75 · 256 = −106.25 → floor −107
    CHECK(log2Fixed(2.25f, 8) == 299);   // ρ² of ρ = 1.5: log2 2.25 · 256 = 299.5 → 299
    CHECK(log2Fixed(0x1p63f, 8) == 63 * 256);    // the largest exponent below the limit
    CHECK(log2Fixed(0x1p-64f, 8) == -64 * 256);  // the smallest exponent above it
}

TEST_CASE("math/log2_fixed: zero, NaN, infinity, denormals and |log2 x| ≥ 64 saturate at ±64 levels") {
    CHECK(log2Fixed(0.0f, 8) == -64 * 256);
    CHECK(log2Fixed(-0.0f, 8) == -64 * 256);
    CHECK(log2Fixed(std::numeric_limits<float>::quiet_NaN(), 8) == -64 * 256);
    CHECK(log2Fixed(-std::numeric_limits<float>::quiet_NaN(), 8) == -64 * 256);
    CHECK(log2Fixed(std::numeric_limits<float>::infinity(), 8) == 64 * 256);
    CHECK(log2Fixed(std::numeric_limits<float>::infinity(), 24) == 64 << 24);
    CHECK(log2Fixed(-std::numeric_limits<float>::infinity(), 8) == -64 * 256);
    CHECK(log2Fixed(-1.0f, 8) == -64 * 256);
    CHECK(log2Fixed(std::numeric_limits<float>::denorm_min(), 24) == -(64 << 24));
    CHECK(log2Fixed(0x1p64f, 8) == 64 * 256);
    CHECK(log2Fixed(0x1.fffffep-65f, 8) == -64 * 256);  // just below 2^-64
}

// The definition before log2Fixed went over lanes: frexp of the double, then
// the same squaring steps. Every class of float must give its result.
int32_t log2FixedByFrexp(double x, int fracBits) {
    const int32_t one = int32_t(1) << fracBits;
    const int32_t limit = kLog2FixedLimit * one;
    if (!(x > 0.0)) return -limit;
    if (std::isinf(x)) return limit;
    int exponent = 0;
    double m = std::frexp(x, &exponent) * 2.0;
    exponent -= 1;
    if (exponent >= kLog2FixedLimit) return limit;
    if (exponent < -kLog2FixedLimit) return -limit;
    const double fraction =
        log2FixedFraction(m, fracBits, 2.0, 0.5, 1.0, [](bool c, double a, double b) { return c ? a : b; });
    return exponent * one + int32_t(fraction);
}

TEST_CASE("math/log2_fixed: the float's bits give frexp's result for every class of float") {
    std::vector<float> xs = {0.0f, -0.0f, std::numeric_limits<float>::infinity(),
                             -std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN(),
                             std::numeric_limits<float>::denorm_min(), std::numeric_limits<float>::min(),
                             std::numeric_limits<float>::max(), 1.0f, std::nextafter(1.0f, 0.0f),
                             std::nextafter(1.0f, 2.0f), std::nextafter(2.0f, 0.0f)};
    for (int e = -150; e <= 128; ++e) {  // every power of two and its neighbours
        const float p = std::ldexp(1.0f, e);
        xs.insert(xs.end(), {p, std::nextafter(p, 0.0f), std::nextafter(p, 2.0f * p), 1.5f * p});
    }
    std::mt19937 rng(2468);
    for (int i = 0; i < 200000; ++i) xs.push_back(std::bit_cast<float>(uint32_t(rng())));
    for (float x : xs)
        for (int bits : {0, 4, 8, 24}) {
            CAPTURE(x);
            CAPTURE(bits);
            CHECK(log2Fixed(x, bits) == log2FixedByFrexp(double(x), bits));
        }
}

TEST_CASE("math/log2_fixed: the 8-bit table is the squaring steps themselves, for every mantissa") {
    // x = m · 2^e with the 23 mantissa bits of m all taken once, at e = 0 and
    // e = -3: log2Fixed(x, 8) = e · 256 + the 8 steps of log2FixedFraction(m).
    const auto select = [](bool c, double a, double b) { return c ? a : b; };
    int64_t mismatches = 0, steps = 0;
    int32_t previous = 0;
    for (uint32_t bits = 0; bits < (1u << 23); ++bits) {
        const float m = std::bit_cast<float>(0x3F800000u | bits);
        const int32_t want = int32_t(log2FixedFraction(double(m), 8, 2.0, 0.5, 1.0, select));
        mismatches += log2Fixed(m, 8) != want;
        mismatches += log2Fixed(std::bit_cast<float>(0x3E000000u | bits), 8) != -3 * 256 + want;  // 2^-3 · m
        steps += want != previous;
        previous = want;
    }
    CHECK(mismatches == 0);
    CHECK(steps == 255);  // the staircase: 0 .. 255, one step at a time
}
