// SPDX-License-Identifier: MIT
#include "raster/rasterize/traverse.h"

#include "raster/output/depth_bias.h"
#include "raster/output/output_merger.h"
#include "raster/pixel/pixel_stage.h"
#include "raster/rasterize/ambiguity.h"
#include "raster/rasterize/edge_function.h"
#include "raster/rasterize/hidden_surface.h"
#include "raster/rasterize/interpolate.h"
#include "raster/rasterize/touch_record.h"

#include <algorithm>

namespace refrast {

namespace {

// What every span of one triangle shares.
struct QuadShading {
    const DrawContext& ctx;
    const SetupTriangle& t;
    const TriangleInterpolant& interpolant;  // (a reference: copying its ~0.7 KB per triangle cost W4 107 instructions)
    bool helpers;       // the draw samples textures: uncovered pixels interpolate too (derivatives)
    bool earlyDepth;    // depthStencilBeforeShading
    ColorPlanes& color;  // the shaded span
    TrianglePass pass;
    TileOwners* owners;  // DepthOnly, ColorOnly: the tile's pending owners
    uint32_t owner;      // and the triangle's owner id
};

// The early half of the merger (stencil and depth with their writes) over
// the span, then the quads left without a live pixel leave the span (the
// others keep their order); returns the survivors.
SpanMask earlyDepthStencil(const QuadShading& sh, QuadSpan& span, SpanMask live, Framebuffer& fb) {
    const SpanMask survivors = mergeDepthStencil(sh.ctx.draw->state, span, live, sh.t.frontFacing, fb);
    if (survivors == live) return live;  // every quad keeps its place
    SpanMask kept = 0;
    int quads = 0;
    for (int q = 0; q < span.quads; ++q) {
        const uint8_t survive = quadBits(survivors, q);
        if (!survive) continue;
        if (quads != q) {
            span.x[quads] = span.x[q];
            span.y[quads] = span.y[q];
            span.coverage[quads] = span.coverage[q];
            std::copy(span.z + 4 * q, span.z + 4 * q + 4, span.z + 4 * quads);
            for (float* b : span.bary) std::copy(b + 4 * q, b + 4 * q + 4, b + 4 * quads);
        }
        kept = SpanMask(kept | spanBits(survive, quads++));
    }
    span.quads = quads;
    return kept;
}

// Every fragment stage of a span of quads, in D3D9's order (fixed-function
// reference §0): depth, the early depth/stencil half when nothing can
// discard, the varyings, sampling and the fixed-function chain
// (pixel_stage.h), then the merger: blend and colour write, or alpha test,
// depth/stencil, blend and colour write per fragment. The quads of a span
// belong to one triangle and never share a pixel, so every test and write
// sees the state it would see quad after quad.
void shadeAndMerge(const QuadShading& sh, const SpanEdges& e, QuadSpan& span, Framebuffer& fb) {
    const DrawState& state = sh.ctx.draw->state;
    SpanMask live = span.covered();
    interpolateDepth(sh.interpolant, sh.t.invArea, e, span, sh.pass == TrianglePass::DepthOnly);  // §2: z + bias
    if (sh.pass == TrianglePass::DepthOnly) {  // hidden-surface removal: the survivors wait to be shaded
        const SpanMask covered = live;
        live = earlyDepthStencil(sh, span, live, fb);
        sh.owners->claim(span, covered, live, sh.owner);  // (compacted only when some pixel failed)
        if (live) recordFragmentWrites(sh.ctx.drawId, span, live, fb);  // the draw records, in submission order
        return;
    }
    if (sh.earlyDepth && sh.pass == TrianglePass::Whole) {  // §0 steps 6-7 before shading
        live = earlyDepthStencil(sh, span, live, fb);
        if (!live) return;
    }
    interpolateVaryings(sh.interpolant, sh.helpers ? allQuads(span.quads) : live, span);  // §2
    ColorPlanes& color = sh.color;
    shadeQuads(sh.ctx, span, live, color);  // §0 steps 2-5: sampling, texture stages, specular, fog
    if (sh.earlyDepth) {                    // §0 step 8: blend, colour write
        mergeColor(state, sh.ctx.shading, sh.ctx.drawId, span, live, color, fb, sh.pass == TrianglePass::Whole);
        return;
    }
    for (int p = 0; p < span.pixels(); ++p) {  // §0 steps 6-8: alpha test, depth/stencil, blend, colour write
        if (!(live >> p & 1)) continue;
        const FragmentOut f{span.pixelX(p), span.pixelY(p), span.z[p], color.at(p), sh.t.frontFacing};
        mergeFragment(sh.ctx, sh.ctx.drawId, f, fb);
    }
}

}  // namespace

// Quads are walked row by row, left to right, as before; the covered quads
// gather into spans of up to kSpanQuads across the triangle's quad rows, each
// shaded in one pass (a small triangle's rows are one span, not one each).
// Each row pair's covered pixels are two runs found by exact integer
// division (TriangleEdges::coveredRun), so the walk visits only the quads
// between them and reads a quad's coverage off the runs.
void rasterizeTriangle(const DrawContext& ctx, const SetupTriangle& t, const PixelBounds& tile, Framebuffer& fb,
                       TrianglePass pass, TileOwners* owners, uint32_t owner) {
    const PixelBounds r{std::max<int>(t.minX, tile.x0), std::max<int>(t.minY, tile.y0),
                      std::min<int>(t.maxX + 1, tile.x1), std::min<int>(t.maxY + 1, tile.y1)};
    if (r.empty()) return;
    const TriangleEdges edges(t);
    if (!fb.nearEdge.empty()) markEdgeAmbiguity(edges, r, ctx.drawId, fb);  // only for the ambiguity map
    const DrawState& state = ctx.draw->state;
    const bool flat = state.rasterizer.shadeMode == ShadeMode::Flat;
    TriangleInterpolant interpolant(t, ctx.vertices.layout, flat);
    interpolant.zOffset = triangleDepthOffset(state.depth, t);
    // Reused by every triangle of the thread: shadeSpan writes every lane
    // the merger reads, so it needs no clearing (zero-initialising its 256
    // bytes per triangle was a tenth of rasterizeTriangle's time on W3).
    thread_local ColorPlanes color;
    const QuadShading sh{ctx,   t,    interpolant, ctx.shading.helperPixels, depthStencilBeforeShading(state),
                         color, pass, owners,      owner};
    // The span too (30 KB with its per-pixel varyings): on the stack, every
    // call probed its pages and pushed a tile's data out of L1 (W3 4 % slower).
    thread_local QuadSpan span;
    span.quads = 0;
    SpanEdges e;  // the quads' edge values, stepping by the exact integer increments
    for (int i = 0; i < 3; ++i) {
        e.a[i] = edges.e[i].a;
        e.b[i] = edges.e[i].b;
    }
    DrawTouches* const touches = pass == TrianglePass::ColorOnly ? nullptr : touchRecord(fb);  // recorded once
    const int qx0 = r.x0 & ~1;
    const PixelRun none{r.x0, r.x0};
    int64_t rowStart[3] = {edges.e[0].at(qx0, r.y0 & ~1), edges.e[1].at(qx0, r.y0 & ~1), edges.e[2].at(qx0, r.y0 & ~1)};
    for (int qy = r.y0 & ~1; qy < r.y1; qy += 2, rowStart[0] += 2 * edges.e[0].b, rowStart[1] += 2 * edges.e[1].b,
             rowStart[2] += 2 * edges.e[2].b) {
        const PixelRun top = qy >= r.y0 ? edges.coveredRun(qy, r.x0, r.x1) : none;
        const PixelRun bottom = qy + 1 < r.y1 ? edges.coveredRun(qy + 1, r.x0, r.x1) : none;
        if (top.empty() && bottom.empty()) continue;
        const int first = (top.empty() ? bottom.lo : bottom.empty() ? top.lo : std::min(top.lo, bottom.lo)) & ~1;
        const int end = top.empty() ? bottom.hi : bottom.empty() ? top.hi : std::max(top.hi, bottom.hi);
        // The quads between both runs' inner ends are whole (4 pixels): two
        // compares instead of the runs' eight for most quads of a wide
        // triangle (W2 -1.7 % instructions; W3 +0.5 %: its quads take both).
        const bool bothRows = !top.empty() && !bottom.empty();
        const int wholeLo = bothRows ? std::max(top.lo, bottom.lo) : end, wholeHi = bothRows ? std::min(top.hi, bottom.hi) : end;
        int64_t e0[3];
        for (int i = 0; i < 3; ++i) e0[i] = rowStart[i] + edges.e[i].a * (first - qx0);
        for (int qx = first; qx < end; qx += 2) {
            const bool whole = qx >= wholeLo && qx + 2 <= wholeHi;
            if (whole && !(pass == TrianglePass::ColorOnly && owners)) {
                // A run of whole quads, as many as the span takes, filled
                // in loops the compiler vectorises (a wide triangle's quads
                // one by one were a tenth of W2's time). They write a whole
                // span's entries past the run's first quad, whatever its
                // length n (the arrays are padded; entries past the span's
                // quads are never used): with the trip count n, GCC unrolled
                // them into a compare and branch per quad (W2 5 % slower).
                const int q0 = span.quads, n = std::min((wholeHi - qx) / 2, kSpanQuads - q0);
                for (int k = 0; k < kSpanQuads; ++k) {
                    span.x[q0 + k] = qx + 2 * k;
                    span.y[q0 + k] = qy;
                    span.coverage[q0 + k] = 0xF;
                }
                for (int i = 0; i < 3; ++i) {
                    const int64_t step = 2 * edges.e[i].a;
                    int64_t value = e0[i];
                    for (int k = 0; k < kSpanQuads; ++k, value += step) e.quad[i][q0 + k] = value;
                    e0[i] += step * n;
                }
                if (touches)
                    for (int k = 0; k < n; ++k) recordTouches(touches, fb.width, ctx.drawId, qx + 2 * k, qy, 0xF);
                qx += 2 * (n - 1);  // the loop adds the last 2
                if ((span.quads += n) < kSpanQuads) continue;
                shadeAndMerge(sh, e, span, fb);
                span.quads = 0;
                continue;
            }
            uint8_t coverage = whole ? uint8_t(0xF) : uint8_t(top.pairBits(qx) | bottom.pairBits(qx) << 2);
            if (pass == TrianglePass::ColorOnly && owners && coverage) coverage = owners->ownedQuad(qx, qy, coverage, owner);
            const int q = span.quads;
            if (coverage)
                for (int i = 0; i < 3; ++i) e.quad[i][q] = e0[i];
            for (int i = 0; i < 3; ++i) e0[i] += 2 * edges.e[i].a;
            if (!coverage) continue;  // between the two runs of a thin sloping triangle
            recordTouches(touches, fb.width, ctx.drawId, qx, qy, coverage);  // only for the draw attribution
            span.x[q] = qx;
            span.y[q] = qy;
            span.coverage[q] = coverage;
            if (++span.quads < kSpanQuads) continue;
            shadeAndMerge(sh, e, span, fb);
            span.quads = 0;
        }
    }
    if (span.quads > 0) shadeAndMerge(sh, e, span, fb);  // the triangle's last quads
    span.quads = 0;
}

}  // namespace refrast
