// SPDX-License-Identifier: MIT
#include "raster/rasterize/traverse.h"

#include "raster/output/output_merger.h"
#include "raster/pixel/pixel_stage.h"
#include "raster/rasterize/edge_function.h"
#include "raster/rasterize/interpolate.h"

#include <algorithm>

namespace refrast {

namespace {

// Edge values at the quad's four pixels and the covered-pixel mask.
uint8_t quadCoverage(const TriangleEdges& edges, int qx, int qy, const PixelRect& r, int64_t e[3][4]) {
    uint8_t mask = 0;
    for (int k = 0; k < 4; ++k) {
        const int x = qx + (k & 1), y = qy + (k >> 1);
        bool inside = x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1;
        for (int i = 0; i < 3; ++i) {
            e[i][k] = edges.e[i].at(x, y);
            inside = inside && e[i][k] + edges.e[i].bias >= 0;  // top-left rule
        }
        mask |= uint8_t(inside) << k;
    }
    return mask;
}

}  // namespace

void rasterizeTriangle(const DrawContext& ctx, const SetupTriangle& t, const PixelRect& tile, Framebuffer& fb) {
    const PixelRect r{std::max<int>(t.minX, tile.x0), std::max<int>(t.minY, tile.y0),
                      std::min<int>(t.maxX + 1, tile.x1), std::min<int>(t.maxY + 1, tile.y1)};
    if (r.empty()) return;
    const TriangleEdges edges(t);
    const bool flat = ctx.draw->state.rasterizer.shadeMode == ShadeMode::Flat;
    const int varyingCount = ctx.vertices.layout.count;
    QuadFragments quad;
    int64_t e[3][4];
    for (int qy = r.y0 & ~1; qy < r.y1; qy += 2) {
        for (int qx = r.x0 & ~1; qx < r.x1; qx += 2) {
            quad.coverage = quadCoverage(edges, qx, qy, r, e);
            if (!quad.coverage) continue;
            quad.x = qx;
            quad.y = qy;
            interpolateQuad(t, e, varyingCount, flat, quad);
            for (int k = 0; k < 4; ++k) {
                if (!(quad.coverage >> k & 1)) continue;
                const FragmentOut f{qx + (k & 1), qy + (k >> 1), quad.z[k], shadePixel(ctx, quad, k), t.frontFacing};
                mergeFragment(ctx, t.drawIndex, f, fb);
            }
        }
    }
}

}  // namespace refrast
