// SPDX-License-Identifier: MIT
// The position kernel (raster/vertex/vertex_position.h): its scalar width
// against hand-computed positions and outcodes and against the Eigen
// transforms the rest of the vertex stage uses, and every compiled width bit
// for bit against the scalar one, odd tails, NaN, infinities and denormals
// included.
#include "raster/vertex/vertex_position.h"
#include "raster/rasterize/fixed_point.h"

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <vector>

using namespace refrast;

namespace {

WindowMapping viewport100() {
    WindowMapping m;
    m.x = 0, m.y = 0, m.halfWidth = 50, m.halfHeight = 50, m.minZ = 0, m.zScale = 1;
    return m;
}

// The frustum planes of makeClipVolume in their simplest form: 0 <= z <= w,
// -w <= x <= w, -w <= y <= w (bits 0..5).
ClipVolume unitVolume() {
    ClipVolume c;
    c.planes[0] = Vec4(0, 0, 1, 0), c.planes[1] = Vec4(0, 0, -1, 1);
    c.planes[2] = Vec4(1, 0, 0, 1), c.planes[3] = Vec4(-1, 0, 0, 1);
    c.planes[4] = Vec4(0, 1, 0, 1), c.planes[5] = Vec4(0, -1, 0, 1);
    c.active = 0x3F;
    return c;
}

struct Result {
    std::vector<float> view, records;
    std::vector<uint16_t> outcode;
    std::vector<int32_t> snapped;
};

Result run(SimdLevel level, const PositionTransform& t, const std::vector<float>& in, int stride) {
    const size_t n = in.size() / 4;
    Result r{std::vector<float>(n * 4, -7.0f), std::vector<float>(n * size_t(stride), -7.0f),
             std::vector<uint16_t>(n, 0xFFFF), std::vector<int32_t>(n * 2, -7)};
    transformPositions(level, t, in.data(), n, r.view.data(), r.records.data(), stride, r.outcode.data(),
                       r.snapped.data());
    return r;
}

// Bitwise equal, except that any NaN equals any NaN, as in the lane op tests
// (tests/raster/lanes/lanes_test.cpp): which operand's payload an x86 op
// keeps depends on how the compiler orders commutative operands, and nothing
// downstream reads a payload (clipping and every colour saturate compare).
bool sameBits(const std::vector<float>& a, const std::vector<float>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (!(std::isnan(a[i]) && std::isnan(b[i])) && std::bit_cast<uint32_t>(a[i]) != std::bit_cast<uint32_t>(b[i]))
            return false;
    return true;
}

}  // namespace

TEST_CASE("vertex/position: the scalar kernel maps and outcodes hand-computed vertices") {
    // worldView = scale 2, projection = identity: model (0.25, -0.25, 0.25, 1) -> view (0.5, -0.5, 0.5, 1)
    // = clip; window X = 0 + (1 + 0.5/1) * 50 = 75, Y = 0 + (1 - (-0.5)/1) * 50 = 75, Z = 0 + 0.5 * 1 = 0.5,
    // 1/w = 1; inside every plane: outcode 0.
    // Model (1, 0, -1, 1) -> clip (2, 0, -2, 1): z < 0 (bit 0) and x > w (bit 3, -x + w = -1 < 0): 0b1001 = 9;
    // X = (1 + 2) * 50 = 150, Z = -2, w = 1.
    // Model (0, 0, 0, 0): clip w = 0, 1/w = inf, X = (1 + 0 * inf) * 50 = NaN; every plane's dot is 0 >= 0
    // (0 * 0 terms): outcode 0, as the scalar stage had it.
    Mat4 worldView = Mat4::Identity() * 2.0f;
    worldView(3, 3) = 1.0f;
    const Mat4 projection = Mat4::Identity();
    const PositionTransform t = positionTransform(&worldView, projection, viewport100(), unitVolume(), PixelCenter::Half);
    const int stride = 10;  // records wider than the 8 floats written: the last two stay untouched
    const Result r = run(SimdLevel::Scalar, t, {0.25f, -0.25f, 0.25f, 1, 1, 0, -1, 1, 0, 0, 0, 0}, stride);
    CHECK(r.view[0] == 0.5f);
    CHECK(r.view[1] == -0.5f);
    CHECK(r.records[4] == 75.0f);
    CHECK(r.records[5] == 75.0f);
    CHECK(r.records[6] == 0.5f);
    CHECK(r.records[7] == 1.0f);
    CHECK(r.records[8] == -7.0f);
    CHECK(r.outcode[0] == 0);
    // Snapped at D3D10 centres: (75 - 0.5) * 256 = 19072 for x and y.
    CHECK(r.snapped[0] == 19072);
    CHECK(r.snapped[1] == 19072);
    CHECK(r.records[stride + 0] == 2.0f);
    CHECK(r.records[stride + 4] == 150.0f);
    CHECK(r.records[stride + 6] == -2.0f);
    CHECK(r.outcode[1] == 9);
    // Y = (1 - 0) * 50 = 50: (50 - 0.5) * 256 = 12672; X = 150: 149.5 * 256 = 38272.
    CHECK(r.snapped[2] == 38272);
    CHECK(r.snapped[3] == 12672);
    CHECK(std::isinf(r.records[2 * stride + 7]));
    CHECK(std::isnan(r.records[2 * stride + 4]));
    CHECK(r.outcode[2] == 0);
    CHECK(r.snapped[4] == 0);  // NaN snaps to 0
    CHECK(r.snapped[4] == snapToSubpixel(std::numeric_limits<float>::quiet_NaN()));
    // A NaN coordinate is outside every active plane: !(NaN >= 0).
    const Result nan = run(SimdLevel::Scalar, t, {std::numeric_limits<float>::quiet_NaN(), 0, 0, 1}, stride);
    CHECK(nan.outcode[0] == 0x3F);
}

TEST_CASE("vertex/position: the scalar kernel gives the Eigen transforms' bits (transformRow, Vec4::dot)") {
    uint32_t seed = 99;
    auto next = [&seed] {
        seed = seed * 1664525u + 1013904223u;
        return float(int32_t(seed >> 8) - (1 << 23)) / 65536.0f;  // [-128, 128) in steps of 2^-16
    };
    Mat4 worldView, projection;
    for (int i = 0; i < 16; ++i) worldView.data()[i] = next(), projection.data()[i] = next();
    ClipVolume clip = unitVolume();
    for (int k = 0; k < 6; ++k) clip.planes[size_t(k)] = Vec4(next(), next(), next(), next());
    const PositionTransform t = positionTransform(&worldView, projection, viewport100(), clip, PixelCenter::Integer);
    std::vector<float> in(4 * 333);
    for (float& f : in) f = next();
    const Result r = run(SimdLevel::Scalar, t, in, 8);
    for (size_t i = 0; i < 333; ++i) {
        const Vec4 view = transformRow(Vec4(in[i * 4], in[i * 4 + 1], in[i * 4 + 2], in[i * 4 + 3]), worldView);
        const Vec4 c = transformRow(view, projection);
        uint16_t code = 0;
        for (int k = 0; k < 6; ++k)
            if (!(clip.planes[size_t(k)].dot(c) >= 0.0f)) code |= uint16_t(1 << k);
        for (int k = 0; k < 4; ++k) {
            CHECK(std::bit_cast<uint32_t>(r.view[i * 4 + size_t(k)]) == std::bit_cast<uint32_t>(view[k]));
            CHECK(std::bit_cast<uint32_t>(r.records[i * 8 + size_t(k)]) == std::bit_cast<uint32_t>(c[k]));
        }
        CHECK(r.outcode[i] == code);
        CHECK(r.snapped[i * 2] == snapToSubpixel(r.records[i * 8 + 4]));
        CHECK(r.snapped[i * 2 + 1] == snapToSubpixel(r.records[i * 8 + 5]));
    }
}

TEST_CASE("vertex/position: every SIMD width gives the scalar kernel's bits, odd tails and specials included") {
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    const float specials[] = {0.0f, -0.0f, inf, -inf, nan, 1e-40f, -1e-40f, 1.0f, -1.0f, 3e38f};
    uint32_t seed = 7;
    auto next = [&seed] {
        seed = seed * 1664525u + 1013904223u;
        return seed;
    };
    auto value = [&] {
        const uint32_t s = next();
        return s % 11 == 0 ? specials[s / 11 % 10] : float(int32_t(s >> 8) - (1 << 23)) / 32768.0f;
    };
    Mat4 worldView, projection;
    for (int i = 0; i < 16; ++i) worldView.data()[i] = value(), projection.data()[i] = value();
    ClipVolume clip = unitVolume();
    clip.planes[7] = Vec4(value(), value(), value(), value());  // a user plane: bit 7
    clip.active |= 1 << 7;
    for (bool pretransformed : {false, true})
        for (bool eyeSpace : {false, true}) {
            WindowMapping window = viewport100();
            window.pretransformed = pretransformed;
            const PositionTransform t = positionTransform(eyeSpace ? nullptr : &worldView, projection, window, clip,
                                                          eyeSpace ? PixelCenter::Half : PixelCenter::Integer);
            for (size_t n : {1u, 3u, 4u, 5u, 7u, 8u, 15u, 16u, 17u, 31u, 33u, 100u}) {
                std::vector<float> in(4 * n);
                for (float& f : in) f = value();
                const Result want = run(SimdLevel::Scalar, t, in, 9);
                for (SimdLevel level : {SimdLevel::Sse, SimdLevel::Avx2, SimdLevel::Avx512}) {
                    if (!cpuSupports(level)) continue;
                    CAPTURE(simdLevelName(level));
                    CAPTURE(n);
                    const Result got = run(level, t, in, 9);
                    CHECK(sameBits(got.view, want.view));
                    CHECK(sameBits(got.records, want.records));
                    CHECK(got.outcode == want.outcode);
                    CHECK(got.snapped == want.snapped);
                }
            }
        }
}
