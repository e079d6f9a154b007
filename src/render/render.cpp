// SPDX-License-Identifier: MIT
// render(): runs the pipeline and turns the framebuffer into the requested view.
#include "refrast/render.h"

#include "raster/framebuffer.h"
#include "raster/output/depth_test.h"
#include "raster/output/output_merger.h"
#include "raster/pipeline.h"
#include "raster/rasterize/ambiguity.h"

#include <chrono>

namespace refrast {

namespace {

// A stable false colour for draw index d (id = d + 1; 0 = cleared, black):
// hue steps by the golden angle so neighbouring draws differ clearly. Integer
// arithmetic only, so the colours are the same everywhere.
void drawIdColor(uint32_t id, uint8_t* rgba) {
    rgba[3] = 255;
    if (id == 0) {
        rgba[0] = rgba[1] = rgba[2] = 0;
        return;
    }
    const uint32_t hue = (id * 2654435769u) >> 20;  // 0..4095, Knuth's multiplicative hash
    const uint32_t sector = hue * 6 / 4096, f = hue * 6 % 4096 * 255 / 4095;
    const uint8_t up = uint8_t(55 + f * 200 / 255), down = uint8_t(255 - f * 200 / 255), lo = 55, hi = 255;
    const uint8_t table[6][3] = {{hi, up, lo}, {down, hi, lo}, {lo, hi, up}, {lo, down, hi}, {up, lo, hi}, {hi, lo, down}};
    for (int c = 0; c < 3; ++c) rgba[c] = table[sector][c];
}

// Knife-edge pixels magenta over a dimmed grey copy of the colour (the heat
// map's grey, docs/diff.md), so the map reads against the frame.
void ambiguityPixel(const Framebuffer& fb, size_t i, uint8_t* p) {
    const uint8_t* c = &fb.color[i * 4];
    const uint8_t grey = uint8_t(48 + ((77 * c[0] + 150 * c[1] + 29 * c[2] + 128) >> 8) / 4);
    const bool knife = coverageAmbiguous(fb, i);
    p[0] = knife ? 255 : grey, p[1] = knife ? 0 : grey, p[2] = knife ? 255 : grey, p[3] = 255;
}

Image toImage(const Framebuffer& fb, RenderView view) {
    Image out(fb.width, fb.height);
    const size_t n = size_t(fb.width) * size_t(fb.height);
    for (size_t i = 0; i < n; ++i) {
        uint8_t* p = &out.rgba[i * 4];
        switch (view) {
            case RenderView::Final:
                for (int c = 0; c < 4; ++c) p[c] = fb.color[i * 4 + c];
                break;
            case RenderView::Depth:
                p[0] = p[1] = p[2] = encodeUnorm8(loadDepth(fb.depthFormat, fb.depth[i]));
                p[3] = 255;
                break;
            case RenderView::DrawId: drawIdColor(fb.drawId[i], p); break;
            case RenderView::Overdraw:
                p[0] = p[1] = p[2] = uint8_t(fb.overdraw[i] >= 16 ? 255 : fb.overdraw[i] * 16);
                p[3] = 255;
                break;
            case RenderView::Ambiguity: ambiguityPixel(fb, i, p); break;
        }
    }
    return out;
}

}  // namespace

std::array<uint8_t, 3> drawIdColor(int drawIndex) {
    uint8_t rgba[4];
    drawIdColor(uint32_t(drawIndex + 1), rgba);
    return {rgba[0], rgba[1], rgba[2]};
}

Image render(const Scene& scene, const RenderOptions& options, RenderTimings* timings, RenderPlanes* planes) {
    const auto t0 = std::chrono::steady_clock::now();
    Framebuffer fb(scene.target);
    const bool ambiguity = options.ambiguity || options.view == RenderView::Ambiguity;
    if (ambiguity) {
        fb.nearEdge.assign(fb.drawId.size(), 0);
        fb.robustCover.assign(fb.drawId.size(), 0);
    }
    FrameStats stats;
    if (options.untilDraw >= 0 && size_t(options.untilDraw) + 1 < scene.draws.size()) {
        // A copy with the later draws dropped: a debugging aid, not a hot path.
        Scene prefix = scene;
        prefix.draws.resize(size_t(options.untilDraw) + 1);
        renderFrame(prefix, fb, options.threads, &stats);
    } else {
        renderFrame(scene, fb, options.threads, &stats);
    }
    Image image = toImage(fb, options.view);
    if (planes && ambiguity) {
        planes->ambiguous.resize(fb.drawId.size());
        for (size_t i = 0; i < planes->ambiguous.size(); ++i) planes->ambiguous[i] = coverageAmbiguous(fb, i);
    }
    if (planes) planes->drawId = std::move(fb.drawId);
    if (timings) {
        timings->totalMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        timings->vertexMs = stats.vertexMs;
        timings->setupMs = stats.setupMs;
        timings->rasterMs = stats.rasterMs;
        timings->trianglesAssembled = stats.trianglesAssembled;
        timings->trianglesSetUp = stats.trianglesSetUp;
    }
    return image;
}

}  // namespace refrast
