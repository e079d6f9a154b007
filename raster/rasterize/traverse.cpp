// SPDX-License-Identifier: MIT
#include "raster/rasterize/traverse.h"

#include "raster/output/depth_bias.h"
#include "raster/output/output_merger.h"
#include "raster/pixel/pixel_stage.h"
#include "raster/rasterize/ambiguity.h"
#include "raster/rasterize/edge_function.h"
#include "raster/rasterize/interpolate.h"
#include "raster/rasterize/touch_record.h"

#include <algorithm>

namespace refrast {

namespace {

// What every quad of one triangle shares.
struct QuadShading {
    const DrawContext& ctx;
    const SetupTriangle& t;
    const TriangleInterpolant& interpolant;  // (a reference: copying its ~0.7 KB per triangle cost W4 107 instructions)
    bool helpers;       // the draw samples textures: uncovered pixels interpolate too (derivatives)
    bool earlyDepth;    // depthStencilBeforeShading
    ColorPlanes& color;  // the shaded quad
};

// Edge values at the quad's four pixels from those at pixel 0, stepping by
// the exact integer increments a (x + 1) and b (y + 1).
void quadEdges(const TriangleEdges& edges, const int64_t e0[3], int64_t e[3][4]) {
    for (int i = 0; i < 3; ++i) {
        e[i][0] = e0[i];
        e[i][1] = e0[i] + edges.e[i].a;
        e[i][2] = e0[i] + edges.e[i].b;
        e[i][3] = e0[i] + edges.e[i].a + edges.e[i].b;
    }
}

// The pixels of the quad inside all three edges (top-left rule) and `inside`,
// the mask of its pixels within the draw's bounds and the tile.
uint8_t quadCoverage(const TriangleEdges& edges, const int64_t e[3][4], uint8_t inside) {
    uint8_t mask = inside;
    for (int k = 0; k < 4; ++k)
        for (int i = 0; i < 3; ++i)
            if (e[i][k] + edges.e[i].bias < 0) mask = uint8_t(mask & ~(1u << k));
    return mask;
}

// Bit 0 / 1: coordinate c / c + 1 lies in [lo, hi).
uint8_t pairInside(int c, int lo, int hi) { return uint8_t((c >= lo && c < hi) | (c + 1 >= lo && c + 1 < hi) << 1); }

// Every fragment stage of one quad, in D3D9's order (fixed-function reference
// §0): depth, the early depth/stencil half when nothing can discard, the
// varyings, sampling and the fixed-function chain (pixel_stage.h), then the
// merger: blend and colour write, or alpha test, depth/stencil, blend and
// colour write per fragment.
void shadeAndMerge(const QuadShading& sh, const int64_t e[3][4], QuadFragments& quad, Framebuffer& fb) {
    const DrawState& state = sh.ctx.draw->state;
    uint8_t live = quad.coverage;
    interpolateDepth(sh.interpolant, sh.t.invArea, e, live, quad);  // §2: z, linear in screen space, + bias
    if (sh.earlyDepth) {                                             // §0 steps 6-7 before shading
        live = mergeDepthStencil(state, quad.x, quad.y, live, quad.z, sh.t.frontFacing, fb);
        if (!live) return;
    }
    interpolateVaryings(sh.interpolant, sh.t.invArea, e, sh.helpers ? uint8_t(0xF) : live, quad);  // §2
    ColorPlanes& color = sh.color;
    shadeQuad(sh.ctx, quad, live, color);  // §0 steps 2-5: sampling, texture stages, specular, fog
    if (sh.earlyDepth) {                   // §0 step 8: blend, colour write
        mergeColor(state, sh.ctx.shading, sh.ctx.drawId, quad.x, quad.y, live, color, fb);
        return;
    }
    for (int k = 0; k < 4; ++k) {  // §0 steps 6-8: alpha test, depth/stencil, blend, colour write
        if (!(live >> k & 1)) continue;
        const int x = quad.x + (k & 1), y = quad.y + (k >> 1);
        mergeFragment(sh.ctx, sh.ctx.drawId, FragmentOut{x, y, quad.z[k], color.at(k), sh.t.frontFacing}, fb);
    }
}

}  // namespace

void rasterizeTriangle(const DrawContext& ctx, const SetupTriangle& t, const PixelRect& tile, Framebuffer& fb) {
    const PixelRect r{std::max<int>(t.minX, tile.x0), std::max<int>(t.minY, tile.y0),
                      std::min<int>(t.maxX + 1, tile.x1), std::min<int>(t.maxY + 1, tile.y1)};
    if (r.empty()) return;
    const TriangleEdges edges(t);
    if (!fb.nearEdge.empty()) markEdgeAmbiguity(edges, r, ctx.drawId, fb);  // only for the ambiguity map
    const DrawState& state = ctx.draw->state;
    const bool flat = state.rasterizer.shadeMode == ShadeMode::Flat;
    TriangleInterpolant interpolant(t, ctx.vertices.layout, flat);
    interpolant.zOffset = triangleDepthOffset(state.depth, t);
    ColorPlanes color;
    const QuadShading sh{ctx, t, interpolant, ctx.shading.helperPixels, depthStencilBeforeShading(state), color};
    QuadFragments quad;
    int64_t e[3][4];
    DrawTouches* const touches = touchRecord(fb);
    const int qx0 = r.x0 & ~1;
    int64_t rowStart[3] = {edges.e[0].at(qx0, r.y0 & ~1), edges.e[1].at(qx0, r.y0 & ~1), edges.e[2].at(qx0, r.y0 & ~1)};
    for (int qy = r.y0 & ~1; qy < r.y1; qy += 2) {
        const uint8_t rows = pairInside(qy, r.y0, r.y1);
        const uint8_t rowMask = uint8_t((rows & 1 ? 0x3 : 0) | (rows & 2 ? 0xC : 0));
        int64_t e0[3] = {rowStart[0], rowStart[1], rowStart[2]};
        for (int qx = qx0; qx < r.x1; qx += 2) {
            const uint8_t cols = pairInside(qx, r.x0, r.x1);
            const uint8_t inside = uint8_t(rowMask & (cols * 0x5));
            quadEdges(edges, e0, e);
            quad.coverage = quadCoverage(edges, e, inside);
            for (int i = 0; i < 3; ++i) e0[i] += 2 * edges.e[i].a;
            if (!quad.coverage) continue;
            recordTouches(touches, fb.width, ctx.drawId, qx, qy, quad.coverage);  // only for the draw attribution
            quad.x = qx;
            quad.y = qy;
            shadeAndMerge(sh, e, quad, fb);
        }
        for (int i = 0; i < 3; ++i) rowStart[i] += 2 * edges.e[i].b;
    }
}

}  // namespace refrast
