// SPDX-License-Identifier: MIT
#include "raster/rasterize/point_square.h"

#include "raster/output/output_merger.h"
#include "raster/pixel/pixel_stage.h"
#include "raster/rasterize/fixed_point.h"
#include "raster/rasterize/interpolate.h"
#include "raster/rasterize/touch_record.h"

#include <algorithm>

namespace refrast {

namespace {

// The sprite coordinate of sample s (= 256·pixel) across [e0, e1): (s − e0) / (e1 − e0),
// in double, rounded once.
float spriteCoord(int64_t s, int32_t e0, int32_t e1) { return float(double(s - e0) / double(int64_t(e1) - e0)); }

}  // namespace

void rasterizeSquare(const DrawContext& ctx, const SetupTriangle& t, const PixelBounds& tile, Framebuffer& fb) {
    const int x0 = std::max<int>(t.minX, tile.x0), x1 = std::min<int>(t.maxX + 1, tile.x1);
    const int y0 = std::max<int>(t.minY, tile.y0), y1 = std::min<int>(t.maxY + 1, tile.y1);
    const VaryingLayout& layout = ctx.vertices.layout;
    const float* v = t.v[0];
    const bool sprite = ctx.draw->state.point.spriteEnable;
    // Points get the constant depth bias only (no slope: docs/fixed-function.md §15.2).
    const float z = v[kRecordWindow + 2] + ctx.draw->state.depth.depthBias;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            QuadSpan quad;
            quad.quads = 1;
            quad.x[0] = x;
            quad.y[0] = y;
            quad.coverage[0] = 1;
            for (int k = 0; k < 4; ++k) {  // the 2x2 quad's helpers carry the sprite's derivatives
                quad.z[k] = z;
                float* out = quad.varying[k];
                std::copy(v + kRecordVaryings, v + kRecordVaryings + layout.count, out);
                if (!sprite) continue;
                const float u = spriteCoord(int64_t(x + (k & 1)) * kSubpixelOne, t.x[0], t.x[1]);
                const float w = spriteCoord(int64_t(y + (k >> 1)) * kSubpixelOne, t.y[0], t.y[1]);
                for (int8_t at : layout.texcoord)
                    if (at >= 0) out[at] = u, out[at + 1] = w;
                for (int8_t at : layout.stageCoord)
                    if (at >= 0) out[at] = u, out[at + 1] = w, out[at + 2] = 0.0f, out[at + 3] = 1.0f;
            }
            recordTouches(touchRecord(fb), fb.width, ctx.drawId, x, y, 1);  // only for the draw attribution
            const FragmentOut f{x, y, z, shadePixel(ctx, quad, 0), t.frontFacing};
            mergeFragment(ctx, ctx.drawId, f, fb);
        }
}

}  // namespace refrast
