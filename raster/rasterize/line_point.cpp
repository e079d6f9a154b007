// SPDX-License-Identifier: MIT
#include "raster/rasterize/line_point.h"

#include "raster/output/output_merger.h"
#include "raster/pixel/pixel_stage.h"
#include "raster/rasterize/fixed_point.h"
#include "raster/rasterize/interpolate.h"
#include "raster/rasterize/touch_record.h"

#include <algorithm>
#include <cstdlib>

namespace refrast {

namespace {

// One fragment at parameter t of the segment v0 -> v1 (t = 0 for a point):
// depth linear in screen space, varyings perspective-correct (R-5 with the
// two-vertex weights p1 = (t/w1) / ((1-t)/w0 + t/w1)). All four quad slots
// hold the same values, so texture derivatives are zero (base level).
void shadeOne(const DrawContext& ctx, const SetupTriangle& t, int x, int y, float param, Framebuffer& fb) {
    const float* v0 = t.v[0];
    const float* v1 = t.shape == PrimitiveShape::Line ? t.v[1] : t.v[0];
    const float invW0 = v0[kRecordWindow + 3], invW1 = v1[kRecordWindow + 3];
    const float z0 = v0[kRecordWindow + 2];
    const float q0 = (1.0f - param) * invW0, q1 = param * invW1;
    const float p1 = q1 / (q0 + q1);
    QuadSpan quad;
    quad.quads = 1;
    quad.x[0] = x;
    quad.y[0] = y;
    quad.coverage[0] = 1;
    const VaryingLayout& layout = ctx.vertices.layout;
    const float* a0 = v0 + kRecordVaryings;
    const float* a1 = v1 + kRecordVaryings;
    float* out = quad.varying[0];
    for (int i = 0; i < layout.count; ++i) out[i] = a0[i] + p1 * (a1[i] - a0[i]);
    if (ctx.draw->state.rasterizer.shadeMode == ShadeMode::Flat) {
        // Diffuse and specular rgb of the triangle's provoking vertex; specular alpha (fog) interpolates (§3).
        const float* provoking = t.v[2] + kRecordVaryings;
        for (int i = 0; i < layout.flatCount; ++i) out[i] = provoking[i];
    }
    quad.z[0] = z0 + param * (v1[kRecordWindow + 2] - z0);
    // Lines and points of FILLMODE get the constant bias only (no slope: docs/fixed-function.md §15.2).
    if (ctx.draw->state.depth.depthBias != 0.0f) quad.z[0] += ctx.draw->state.depth.depthBias;
    for (int k = 1; k < 4; ++k) {  // identical helpers: zero derivatives
        quad.z[k] = quad.z[0];
        std::copy(out, out + layout.count, quad.varying[k]);
    }
    recordTouches(touchRecord(fb), fb.width, ctx.drawId, x, y, 1);  // only for the draw attribution
    const FragmentOut f{x, y, quad.z[0], shadePixel(ctx, quad, 0), t.frontFacing};
    mergeFragment(ctx, ctx.drawId, f, fb);
}

bool inside(const PixelBounds& r, int x, int y) { return x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1; }

}  // namespace

void rasterizePoint(const DrawContext& ctx, const SetupTriangle& t, const PixelBounds& tile, Framebuffer& fb) {
    const int x = pixelOfFixed(t.x[0]), y = pixelOfFixed(t.y[0]);
    if (inside(tile, x, y) && x >= t.minX && x <= t.maxX && y >= t.minY && y <= t.maxY) shadeOne(ctx, t, x, y, 0.0f, fb);
}

// along the major axis, every pixel whose sample coordinate s (a
// multiple of 256) lies in [start, end) in the direction of travel is lit, in
// the minor-axis pixel that holds the line's position at s; the end pixel is
// left for the next edge, so a closed outline lights each corner once.
void rasterizeLine(const DrawContext& ctx, const SetupTriangle& t, const PixelBounds& tile, Framebuffer& fb) {
    const PixelBounds r{std::max<int>(t.minX, tile.x0), std::max<int>(t.minY, tile.y0),
                      std::min<int>(t.maxX + 1, tile.x1), std::min<int>(t.maxY + 1, tile.y1)};
    if (r.empty()) return;
    const bool xMajor = std::abs(int64_t(t.x[1]) - t.x[0]) >= std::abs(int64_t(t.y[1]) - t.y[0]);
    const int64_t a0 = xMajor ? t.x[0] : t.y[0], a1 = xMajor ? t.x[1] : t.y[1];  // major axis
    const int64_t b0 = xMajor ? t.y[0] : t.x[0], b1 = xMajor ? t.y[1] : t.x[1];  // minor axis
    const int64_t da = a1 - a0, db = b1 - b0;
    if (da == 0) return;  // zero length
    const int step = da > 0 ? 1 : -1;
    // First and last sample index in [a0, a1) along the direction of travel.
    const int64_t first = da > 0 ? -floorDiv(-a0, kSubpixelOne) : floorDiv(a0, kSubpixelOne);
    const int64_t last = da > 0 ? -floorDiv(-a1, kSubpixelOne) - 1 : floorDiv(a1, kSubpixelOne) + 1;
    for (int64_t s = first; step > 0 ? s <= last : s >= last; s += step) {
        // Minor coordinate at s, exact: b = b0 + (s*256 - a0) * db / da.
        const int64_t num = b0 * da + (s * kSubpixelOne - a0) * db;  // b * da
        const int64_t den = da;
        const int64_t minor = den > 0 ? floorDiv(num + den * (kSubpixelOne / 2), den * kSubpixelOne)
                                      : floorDiv(-num - den * (kSubpixelOne / 2), -den * kSubpixelOne);
        const int x = int(xMajor ? s : minor), y = int(xMajor ? minor : s);
        if (!inside(r, x, y)) continue;
        shadeOne(ctx, t, x, y, float(double(s * kSubpixelOne - a0) / double(da)), fb);
    }
}

}  // namespace refrast
