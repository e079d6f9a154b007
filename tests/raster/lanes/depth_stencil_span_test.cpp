// SPDX-License-Identifier: MIT
// Lane equivalence of the early depth/stencil kernel (raster/output/
// depth_stencil_span.h): at every width the CPU runs, a span of 1 to
// kSpanQuads quads with any live pattern leaves the depth and stencil planes
// and returns the survivors exactly as the per-pixel merger's order over the
// scalar functions (storeDepth, depthTest, stencilTest, stencilUpdate) does:
// every depth format, every D3DCMPFUNC for depth and stencil, every
// D3DSTENCILOP with wrap and saturation, masks, two-sided stencil, ZENABLE
// and ZWRITEENABLE, depths at 0, 1, ±0, denormals, NaN, ±inf, outside [0, 1]
// and exact ties with the stored value.
#include "raster/output/depth_stencil_span.h"
#include "raster/output/depth_test.h"
#include "raster/output/stencil_test.h"
#include "tests/raster/lanes/lane_values.h"

#include <doctest/doctest.h>

#include <vector>

using namespace refrast;

namespace {

// An odd width, room for a span of kSpanQuads quads: a quad at the last even
// column has its right pixels outside.
constexpr int kWidthPx = 4 * kSpanQuads + 1, kHeightPx = 6;

constexpr DepthFormat kDepthFormats[] = {DepthFormat::D16Lockable, DepthFormat::D32,   DepthFormat::D15S1,
                                         DepthFormat::D24S8,       DepthFormat::D24X8, DepthFormat::D24X4S4,
                                         DepthFormat::D16,         DepthFormat::D32F,  DepthFormat::D24FS8};

struct Planes {
    std::vector<uint32_t> depth = std::vector<uint32_t>(kWidthPx * kHeightPx);
    std::vector<uint8_t> stencil = std::vector<uint8_t>(kWidthPx * kHeightPx);
    DepthStencilPlanes view(DepthFormat format) { return {depth.data(), stencil.data(), kWidthPx, format}; }
};

// The per-pixel merger's order (output_merger.cpp depthStencilTest), pixel by pixel.
SpanMask perPixel(const DepthState& d, const StencilState& st, bool frontFacing, const QuadSpan& span, SpanMask live,
                  DepthFormat format, Planes& planes) {
    SpanMask survivors = 0;
    const StencilFaceState& face = (st.twoSided && !frontFacing) ? st.back : st.front;
    for (int p = 0; p < span.pixels(); ++p) {
        if (!(live >> p & 1)) continue;
        const size_t i = size_t(span.pixelY(p)) * kWidthPx + size_t(span.pixelX(p));
        uint8_t& s = planes.stencil[i];
        if (st.enable && !stencilTest(face, st, s)) {
            s = stencilUpdate(face.fail, st, s);
            continue;
        }
        bool pass = true;
        if (d.zEnable) {
            const uint32_t incoming = storeDepth(format, span.z[p]);
            pass = depthTest(d.zFunc, incoming, planes.depth[i]);
            if (pass && d.zWriteEnable) planes.depth[i] = incoming;
        }
        if (st.enable) s = stencilUpdate(pass ? face.pass : face.zFail, st, s);
        if (pass) survivors = SpanMask(survivors | SpanMask(1) << p);
    }
    return survivors;
}

template <class E>
E pickOf(std::mt19937& rng, int first, int last) {
    return E(first + int(rng() % unsigned(last - first + 1)));
}

StencilFaceState pickFace(std::mt19937& rng) {
    return {pickOf<Cmp>(rng, 1, 8), pickOf<StencilOp>(rng, 1, 8), pickOf<StencilOp>(rng, 1, 8),
            pickOf<StencilOp>(rng, 1, 8)};
}

// A window depth: the specials, [0, 1] (often near 0.5, D32's sign-bit boundary), or anything.
float pickDepth(std::mt19937& rng) {
    switch (rng() % 4) {
        case 0: return pick(rng);
        case 1: return std::uniform_real_distribution<float>(0.0f, 1.0f)(rng);
        case 2: return std::nextafter(0.5f, rng() % 2 ? 1.0f : 0.0f);
        default: return float(rng() % 65) / 64.0f;
    }
}

}  // namespace

TEST_CASE("output/depth_stencil_span: every width tests and writes like the per-pixel merger") {
    std::mt19937 rng(4321);
    int spans = 0, mixedOutcomes = 0, wholeRows = 0;
    for (int round = 0; round < 6000; ++round) {
        const DepthFormat format = kDepthFormats[rng() % std::size(kDepthFormats)];
        DepthState d;
        d.zEnable = rng() % 8 != 0;
        d.zFunc = pickOf<Cmp>(rng, 1, 8);
        d.zWriteEnable = rng() % 4 != 0;
        StencilState st;
        st.enable = rng() % 2 == 0;
        st.ref = rng() % 2 ? uint32_t(rng()) : uint32_t(rng() % 4);
        st.mask = rng() % 2 ? 0xFFFFFFFFu : uint32_t(rng());
        st.writeMask = rng() % 2 ? 0xFFFFFFFFu : uint32_t(rng());
        st.front = pickFace(rng);
        st.twoSided = rng() % 2 == 0;
        st.back = pickFace(rng);
        const bool frontFacing = rng() % 2 == 0;

        // 1 to kSpanQuads quads at increasing even columns, row by row over
        // the frame's quad rows, as the traversal gathers a triangle's quads.
        // One round in four is a whole quad row: kSpanQuads neighbours in
        // one quad row, every pixel live, or but one (the kernel's row
        // copy, and the quad by quad one for a row with a dead pixel).
        QuadSpan span;
        SpanMask live = 0;
        if (rng() % 4 == 0) {
            const int y = 2 * int(rng() % (kHeightPx / 2)), x = 2 * int(rng() % (kSpanQuads + 1));
            live = wholeQuadRowSpan(rng, x, y, span);
            wholeRows += live == ~SpanMask(0);
        } else {
            int y = 2 * int(rng() % (kHeightPx / 2)), x = 2 * int(rng() % 3);
            for (int q = 0; q < kSpanQuads && y < kHeightPx; ++q) {
                span.x[q] = x;
                span.y[q] = y;
                span.quads = q + 1;
                x += 2 + 2 * int(rng() % 2);
                if (x >= kWidthPx || rng() % 6 == 0) y += 2, x = 2 * int(rng() % 3);  // the next quad row
            }
            for (int q = 0; q < span.quads; ++q) {
                uint8_t quad = rng() % 3 == 0 ? uint8_t(rng() % 16) : 0xF;
                if (span.x[q] + 1 >= kWidthPx) quad &= 0x5;  // the right column lies outside
                live = SpanMask(live | spanBits(quad, q));
            }
        }

        Planes start;
        for (uint32_t& v : start.depth) v = rng() % 2 ? storeDepth(format, pickDepth(rng)) : uint32_t(rng());
        for (uint8_t& v : start.stencil) v = rng() % 3 ? uint8_t(rng()) : uint8_t(rng() % 2 ? 0 : 0xFF);
        for (int p = 0; p < kSpanPixels; ++p) {
            span.z[p] = pickDepth(rng);
            if ((live >> p & 1) && rng() % 4 == 0) {  // an exact tie with the stored depth
                const size_t i = size_t(span.pixelY(p)) * kWidthPx + size_t(span.pixelX(p));
                start.depth[i] = storeDepth(format, span.z[p]);
            }
        }

        Planes want = start;
        const SpanMask expected = perPixel(d, st, frontFacing, span, live, format, want);
        ++spans;
        if (expected != 0 && expected != live) ++mixedOutcomes;
        for (SimdLevel level : {SimdLevel::Scalar, SimdLevel::Sse, SimdLevel::Avx2, SimdLevel::Avx512}) {
            if (!cpuSupports(level)) continue;
            CAPTURE(simdLevelName(level));
            CAPTURE(round);
            Planes got = start;
            const SpanMask survivors = depthStencilSpan(level, d, st, frontFacing, span, live, got.view(format));
            CHECK(survivors == expected);
            CHECK(got.depth == want.depth);
            CHECK(got.stencil == want.stencil);
        }
    }
    CHECK(mixedOutcomes > spans / 10);  // spans where some pixels pass and others fail
    CHECK(wholeRows > 600);             // about 6000 / 8
}

TEST_CASE("output/depth_stencil_span: D32 compares stored values as unsigned at every width") {
    // storeDepth(D32, 0.5) = floor(0.5 * 4294967295 + 0.5) = floor(2147483648.0) = 0x80000000,
    // which is negative as an int32: LESS must pass against 0x80000001 and fail against 0x7FFFFFFF.
    CHECK(storeDepth(DepthFormat::D32, 0.5f) == 0x80000000u);
    DepthState d;
    d.zFunc = Cmp::Less;
    QuadSpan span;
    span.quads = 1;
    span.x[0] = 2;
    span.y[0] = 0;
    for (float& z : span.z) z = 0.5f;
    for (SimdLevel level : {SimdLevel::Scalar, SimdLevel::Sse, SimdLevel::Avx2, SimdLevel::Avx512}) {
        if (!cpuSupports(level)) continue;
        CAPTURE(simdLevelName(level));
        Planes planes;
        planes.depth[2] = 0x80000001u;               // pixel 0: farther, passes
        planes.depth[3] = 0x7FFFFFFFu;               // pixel 1: nearer, fails
        planes.depth[kWidthPx + 2] = 0x80000000u;    // pixel 2: a tie, fails LESS
        planes.depth[kWidthPx + 3] = 0xFFFFFFFFu;    // pixel 3: the far plane, passes
        const SpanMask survivors = depthStencilSpan(level, d, StencilState{}, true, span, 0xF, planes.view(DepthFormat::D32));
        CHECK(survivors == 0x9);
        CHECK(planes.depth[2] == 0x80000000u);
        CHECK(planes.depth[3] == 0x7FFFFFFFu);
        CHECK(planes.depth[kWidthPx + 2] == 0x80000000u);
        CHECK(planes.depth[kWidthPx + 3] == 0x80000000u);
    }
}

TEST_CASE("output/depth_stencil_span: two-sided stencil takes the back face's ops for a back-facing span") {
    // ref 3, mask 0xFF: front EQUAL passes on stored 3 and INCRs it to 4; the back face's
    // NEVER fails and DECRs stored 0 to 255 (wrap); ZENABLE off, so only the stencil decides.
    StencilState st;
    st.enable = true;
    st.ref = 3;
    st.twoSided = true;
    st.front = {Cmp::Equal, StencilOp::Keep, StencilOp::Keep, StencilOp::Incr};
    st.back = {Cmp::Never, StencilOp::Decr, StencilOp::Keep, StencilOp::Keep};
    DepthState d;
    d.zEnable = false;
    QuadSpan span;
    span.quads = 1;
    span.x[0] = 0;
    span.y[0] = 2;
    for (SimdLevel level : {SimdLevel::Scalar, SimdLevel::Sse, SimdLevel::Avx2, SimdLevel::Avx512}) {
        if (!cpuSupports(level)) continue;
        CAPTURE(simdLevelName(level));
        Planes front, back;
        front.stencil[2 * kWidthPx] = 3;
        CHECK(depthStencilSpan(level, d, st, true, span, 0x1, front.view(DepthFormat::D24S8)) == 0x1);
        CHECK(front.stencil[2 * kWidthPx] == 4);
        CHECK(depthStencilSpan(level, d, st, false, span, 0x1, back.view(DepthFormat::D24S8)) == 0x0);
        CHECK(back.stencil[2 * kWidthPx] == 255);
        CHECK(back.stencil[2 * kWidthPx + 1] == 0);  // not live: untouched
    }
}
