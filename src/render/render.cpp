// SPDX-License-Identifier: MIT
// render(): runs the pipeline and turns the framebuffer into the requested view.
#include "refrast/render.h"

#include "raster/command_stream.h"
#include "raster/framebuffer.h"
#include "raster/output/depth_test.h"
#include "raster/output/output_merger.h"
#include "raster/pipeline.h"
#include "raster/ambiguity/probe.h"

#include <array>
#include <chrono>
#include <cmath>

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

// Knife-edge pixels in their criterion's colour over a dimmed grey copy of
// the colour (the heat map's grey, docs/diff.md), so the map reads against
// the frame: coverage magenta, texture cyan, alpha test yellow, depth orange,
// UNORM tie green; a pixel with several causes shows the first of that list.
void ambiguityPixel(const Framebuffer& fb, size_t i, uint8_t* p) {
    static constexpr uint8_t kCauseColor[kAmbiguityCauses][3] = {
        {255, 0, 255}, {0, 255, 255}, {255, 255, 0}, {255, 128, 0}, {0, 255, 0}};
    const uint8_t* c = &fb.color[i * 4];
    const uint8_t grey = uint8_t(48 + ((77 * c[0] + 150 * c[1] + 29 * c[2] + 128) >> 8) / 4);
    const uint8_t causes = ambiguityCauses(fb, i);
    p[0] = p[1] = p[2] = grey, p[3] = 255;
    for (int k = 0; k < kAmbiguityCauses; ++k)
        if (causes >> k & 1) {
            for (int ch = 0; ch < 3; ++ch) p[ch] = kCauseColor[k][ch];
            break;
        }
}

uint8_t depthGrey(const Framebuffer* depth, size_t x, size_t y) {
    if (!depth || x >= size_t(depth->width) || y >= size_t(depth->height)) return 0;
    return encodeUnorm8(loadDepth(depth->depthFormat, depth->depth[depth->index(int(x), int(y))]));
}

// The final view is the colour plane as it is (RGBA8 as held): it moves into
// the image instead of being copied into a freshly allocated one.
Image toImage(FrameSurfaces& frame, RenderView view) {
    const Framebuffer& fb = frame.color();
    if (view == RenderView::Final) {
        Image out;
        out.width = fb.width;
        out.height = fb.height;
        out.rgba = std::move(frame.surfaces[size_t(frame.colorIndex)].color);
        return out;
    }
    const Framebuffer* depth = frame.depth();
    Image out(fb.width, fb.height);
    const size_t n = size_t(fb.width) * size_t(fb.height);
    for (size_t i = 0; i < n; ++i) {
        uint8_t* p = &out.rgba[i * 4];
        switch (view) {
            case RenderView::Final: break;  // above
            case RenderView::Depth:  // a depth surface smaller than the output shows its top-left corner; none: black
                p[0] = p[1] = p[2] = depthGrey(depth, i % size_t(fb.width), i / size_t(fb.width));
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

// The frame up to draw `last`: the scene with the commands (version 1: the
// draws) after it dropped. A debugging aid, not a hot path.
Scene prefixUntilDraw(const Scene& scene, size_t last) {
    Scene prefix = scene;
    if (scene.commands.empty()) {
        prefix.draws.resize(last + 1);
        return prefix;
    }
    for (size_t c = 0; c < scene.commands.size(); ++c)
        if (scene.commands[c].kind == Command::Kind::Draw && scene.commands[c].index == last) {
            prefix.commands.resize(c + 1);
            break;
        }
    return prefix;
}

}  // namespace

std::array<uint8_t, 3> drawIdColor(int drawIndex) {
    uint8_t rgba[4];
    drawIdColor(uint32_t(drawIndex + 1), rgba);
    return {rgba[0], rgba[1], rgba[2]};
}

std::vector<uint8_t> encodeDepthRaw(const DepthReadback& d) {
    const int bytes = depthBits(d.format) > 0 && depthBits(d.format) <= 16 ? 2 : 4;
    std::vector<uint8_t> out;
    out.reserve(d.depth.size() * size_t(bytes));
    for (uint32_t v : d.depth)
        for (int b = 0; b < bytes; ++b) out.push_back(uint8_t(v >> (8 * b)));
    return out;
}

std::vector<uint8_t> encodeDepthPreviewPng(const DepthReadback& d) {
    std::vector<uint16_t> grey(d.depth.size());
    for (size_t i = 0; i < grey.size(); ++i)
        grey[i] = uint16_t(std::floor(double(loadDepth(d.format, d.depth[i])) * 65535.0 + 0.5));
    return encodePngGrey16(d.width, d.height, grey);
}

Image render(const Scene& scene, const RenderOptions& options, RenderTimings* timings, RenderPlanes* planes,
             DepthReadback* depthOut) {
    const auto t0 = std::chrono::steady_clock::now();
    const bool ambiguity = options.ambiguity || options.view == RenderView::Ambiguity;
    FrameStats stats;
    const bool prefix = options.untilDraw >= 0 && size_t(options.untilDraw) + 1 < scene.draws.size();
    const bool drawRecords =
        planes != nullptr || options.view == RenderView::DrawId || options.view == RenderView::Overdraw;
    const ExtraPlanes extra{ambiguity, options.touches && planes != nullptr, drawRecords};
    FrameSurfaces frame = prefix ? runCommandStream(prefixUntilDraw(scene, size_t(options.untilDraw)), options.threads,
                                                    &stats, extra)
                                 : runCommandStream(scene, options.threads, &stats, extra);
    Image image = toImage(frame, options.view);
    const Framebuffer& fb = frame.color();
    if (planes && ambiguity) {
        planes->ambiguous.resize(size_t(fb.width) * size_t(fb.height));
        for (size_t i = 0; i < planes->ambiguous.size(); ++i) planes->ambiguous[i] = ambiguityCauses(fb, i);
    }
    if (planes) planes->drawId = fb.drawId;
    if (planes) planes->touches = std::move(frame.surfaces[size_t(frame.colorIndex)].touches);
    if (depthOut) {
        *depthOut = DepthReadback{};
        if (const Framebuffer* z = frame.depth()) {
            depthOut->width = z->width;
            depthOut->height = z->height;
            depthOut->format = z->depthFormat;
            depthOut->depth.assign(z->depth.begin(), z->depth.end());
            depthOut->stencil.assign(z->stencil.begin(), z->stencil.end());
        }
    }
    if (timings) {
        timings->totalMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        timings->vertexMs = stats.vertexMs;
        timings->setupMs = stats.setupMs;
        timings->rasterMs = stats.rasterMs;
        timings->trianglesAssembled = stats.trianglesAssembled;
        timings->trianglesSetUp = stats.trianglesSetUp;
        timings->fragmentsHidden = stats.fragmentsHidden;
    }
    return image;
}

}  // namespace refrast
