// SPDX-License-Identifier: MIT
// render(): runs the pipeline and turns the framebuffer into the requested view.
#include "refrast/render.h"

#include "raster/command_stream.h"
#include "raster/framebuffer.h"
#include "raster/output/depth_test.h"
#include "raster/output/output_merger.h"
#include "raster/pipeline.h"

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

uint8_t depthGrey(const Framebuffer* depth, size_t x, size_t y) {
    if (!depth || x >= size_t(depth->width) || y >= size_t(depth->height)) return 0;
    return encodeUnorm8(loadDepth(depth->depthFormat, depth->depth[depth->index(int(x), int(y))]));
}

Image toImage(const FrameSurfaces& frame, RenderView view) {
    const Framebuffer& fb = frame.color();
    const Framebuffer* depth = frame.depth();
    Image out(fb.width, fb.height);
    const size_t n = size_t(fb.width) * size_t(fb.height);
    for (size_t i = 0; i < n; ++i) {
        uint8_t* p = &out.rgba[i * 4];
        switch (view) {
            case RenderView::Final:
                for (int c = 0; c < 4; ++c) p[c] = fb.color[i * 4 + c];
                break;
            case RenderView::Depth:  // a depth surface smaller than the output shows its top-left corner; none: black
                p[0] = p[1] = p[2] = depthGrey(depth, i % size_t(fb.width), i / size_t(fb.width));
                p[3] = 255;
                break;
            case RenderView::DrawId: drawIdColor(fb.drawId[i], p); break;
            case RenderView::Overdraw:
                p[0] = p[1] = p[2] = uint8_t(fb.overdraw[i] >= 16 ? 255 : fb.overdraw[i] * 16);
                p[3] = 255;
                break;
        }
    }
    return out;
}

}  // namespace

Image render(const Scene& scene, const RenderOptions& options, RenderTimings* timings) {
    const auto t0 = std::chrono::steady_clock::now();
    FrameStats stats;
    const FrameSurfaces frame = runCommandStream(scene, options.threads, &stats);
    Image image = toImage(frame, options.view);
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
