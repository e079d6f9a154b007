// SPDX-License-Identifier: MIT
// The body of depth_stencil_span_<level>.cpp (depth_stencil_span.h): stencil
// and depth tests with their writes over a span's pixels, lane p being span
// pixel p. The formulas are depth_stencil.inl's; this file gathers the
// stored values of the live pixels (a whole quad as two pairs of
// neighbours), runs the tests lane group by lane group and writes back only
// what the per-pixel merger writes, to live pixels only (a quad's other
// pixels may lie outside the tile, another thread's). A whole quad row
// (quad_pixels.inl wholeQuadRow: every pixel live, inside the tile) moves
// as two rows, and its failing pixels get back the depth they held.
#include "raster/lanes/quad_pixels.inl"
#include "raster/output/depth_stencil.inl"
#include "raster/output/depth_stencil_span.h"

namespace refrast::REFRAST_LANES_NS {

namespace {

// The span's test with or without the stencil (a draw decides; the stencil
// half costs the depth-only draws nothing).
template <bool Stencil>
[[gnu::always_inline]] inline SpanMask testSpan(const DepthState& depth, const StencilState& st, bool frontFacing,
                                                const QuadSpan& span, SpanMask live, const DepthStencilPlanes& planes) {
    const bool zTest = depth.zEnable, zWrite = depth.zEnable && depth.zWriteEnable;
    const Cmp zFunc = depth.zFunc;
    const DepthFormat format = planes.format;
    const size_t width = size_t(planes.width);
    uint32_t* const depthPlane = planes.depth;
    uint8_t* const stencilPlane = planes.stencil;
    const int quads = span.quads, pixels = span.pixels();
    // The stored values of the live pixels (0 elsewhere), quad by quad, or
    // of a whole quad row at once (quad_pixels.inl). (Zeroed only as far as
    // the span's lane groups: a span is often one quad.)
    alignas(64) int32_t storedDepth[kSpanPixels], storedStencil[Stencil ? kSpanPixels : 1];
    const bool row = wholeQuadRow(span, live);
    if (zTest && row) {
        loadQuadRow(depthPlane + span.quadIndex(0, width), width, storedDepth);
    } else {
        zeroLaneGroups(storedDepth, pixels);
        if (zTest)
            for (int q = 0; q < quads; ++q)
                loadQuadPixels(depthPlane + span.quadIndex(q, width), width, quadBits(live, q), storedDepth + 4 * q);
    }
    if constexpr (Stencil) {
        zeroLaneGroups(storedStencil, pixels);
        for (int q = 0; q < quads; ++q) {
            const unsigned quad = quadBits(live, q);
            const size_t i = span.quadIndex(q, width);
            for (int k = 0; k < 4; ++k)
                if (quad >> k & 1) storedStencil[4 * q + k] = stencilPlane[i + quadOffset(k, width)];
        }
    }
    const StencilFaceState& face = st.twoSided && !frontFacing ? st.back : st.front;
    // What the depth plane holds after the span: the incoming depth where
    // the tests pass, the stored one elsewhere (written whole for a row).
    alignas(64) int32_t incoming[kSpanPixels], newStencil[Stencil ? kSpanPixels : 1];
    SpanMask pass = 0;
    constexpr unsigned kGroup = (1u << kWidth) - 1u;
    for (int k = 0; k < pixels; k += kWidth) {
        if (!(live >> k & kGroup)) continue;  // no live pixel in the lane group (width 1: a dead pixel)
        IMask stencilPass(true), depthPass(true);
        I32 storedS = splatI(0);
        if constexpr (Stencil) {
            storedS = loadI(storedStencil + k);
            stencilPass = stencilPasses(face, st, storedS);
        }
        if (zTest) {  // ZENABLE = FALSE also disables the write (fixed-function reference §3)
            const I32 z = storeDepth(format, load(span.z + k)), storedZ = loadI(storedDepth + k);
            depthPass = depthPasses(zFunc, z, storedZ);
            const IMask passes = stencilPass & depthPass;
            store(incoming + k, select(passes, z, storedZ));
        }
        // A failing stencil test takes STENCILFAIL, whatever the depth (not tested then).
        if constexpr (Stencil)
            store(newStencil + k, select(stencilPass,
                                         select(depthPass, stencilUpdate(face.pass, st, storedS),
                                                stencilUpdate(face.zFail, st, storedS)),
                                         stencilUpdate(face.fail, st, storedS)));
        pass |= SpanMask(laneBits(stencilPass & depthPass)) << k;
    }
    pass &= live;
    if (zWrite && row)
        storeQuadRow(depthPlane + span.quadIndex(0, width), width, incoming);
    else if (zWrite)
        for (int q = 0; q < quads; ++q)
            storeQuadPixels(depthPlane + span.quadIndex(q, width), width, quadBits(SpanMask(pass), q), incoming + 4 * q);
    if constexpr (Stencil) {
        // Every op KEEP (or no write-mask bit) stores each pixel's own value: skip the stores.
        const bool keeps = (st.writeMask & 0xFF) == 0 || (face.fail == StencilOp::Keep &&
                                                           face.zFail == StencilOp::Keep && face.pass == StencilOp::Keep);
        if (!keeps)
            for (int q = 0; q < quads; ++q) {
                const unsigned quad = quadBits(live, q);
                uint8_t* s8 = stencilPlane + span.quadIndex(q, width);
                for (int k = 0; k < 4; ++k)
                    if (quad >> k & 1) s8[quadOffset(k, width)] = uint8_t(newStencil[4 * q + k]);
            }
    }
    return SpanMask(pass);
}

}  // namespace

SpanMask depthStencilSpan(const DepthState& depth, const StencilState& st, bool frontFacing, const QuadSpan& span,
                          SpanMask live, const DepthStencilPlanes& planes) {
    if (st.enable) return testSpan<true>(depth, st, frontFacing, span, live, planes);
    if (!depth.zEnable) return live;  // nothing to test, nothing written
    return testSpan<false>(depth, st, frontFacing, span, live, planes);
}

}  // namespace refrast::REFRAST_LANES_NS
