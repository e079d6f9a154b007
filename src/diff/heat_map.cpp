// SPDX-License-Identifier: MIT
// Diff pictures: the heat map over a dimmed grey copy of A, and the
// A | B | heat map side-by-side image (colours in docs/diff.md).
#include "refrast/diff.h"

#include "refrast/error.h"
#include "src/diff/caption_text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

namespace refrast {

namespace {

constexpr int kSideBySideGap = 2;     // grey columns between the panels
constexpr int kCropMargin = 8;        // context around the differing bbox
constexpr int kMaxOutputSide = 16384; // what refrast itself can read back

void setRgb(uint8_t* p, int r, int g, int b) {
    p[0] = uint8_t(r), p[1] = uint8_t(g), p[2] = uint8_t(b), p[3] = 0xFF;
}

// Largest compared channel |delta| of the pixel pair.
int largestDelta(const uint8_t* p, const uint8_t* q, int channels) {
    int m = 0;
    for (int c = 0; c < channels; ++c) m = std::max(m, p[c] > q[c] ? p[c] - q[c] : q[c] - p[c]);
    return m;
}

// Green of a differing pixel: 255 - round(255 * sqrt(delta / 255)). The
// square root spreads the small deltas a port usually has (1 -> 239,
// 2 -> 232, 4 -> 223, 16 -> 191, 64 -> 127, 255 -> 0) instead of making
// everything below 10 the same yellow; IEEE sqrt is correctly rounded, so
// the table is the same on every machine.
int heatGreen(int delta) {
    static const std::array<uint8_t, 256> table = [] {
        std::array<uint8_t, 256> t{};
        for (int d = 0; d < 256; ++d) t[size_t(d)] = uint8_t(255 - int(255.0 * std::sqrt(double(d) / 255.0) + 0.5));
        return t;
    }();
    return table[size_t(delta)];
}

void heatPixel(PixelClass k, const uint8_t* pa, const uint8_t* pb, int channels, uint8_t* out) {
    // BT.601 luma in 8.8 fixed point (77 + 150 + 29 = 256), dimmed to 48..111.
    const int grey = 48 + ((77 * pa[0] + 150 * pa[1] + 29 * pa[2] + 128) >> 8) / 4;
    switch (k) {
        case PixelClass::Equal: return setRgb(out, grey, grey, grey);
        case PixelClass::WithinTolerance: return setRgb(out, 0, 96, 0);
        case PixelClass::Differing: return setRgb(out, 255, heatGreen(largestDelta(pa, pb, channels)), 0);
        case PixelClass::Excused: return setRgb(out, 0, 160, 255);
        case PixelClass::Masked: return setRgb(out, 0, 0, 96);
    }
}

void requireClasses(const Image& a, const Image& b, const DiffResult& r) {
    if (r.pixelClasses.size() != a.rgba.size() / 4 || a.width != b.width || a.height != b.height)
        throw std::invalid_argument("diff picture needs same-size images and DiffOptions::keepPixelClasses");
}

PixelRect viewRect(const DiffResult& r, bool cropToDiff) {
    if (!cropToDiff || !r.metrics.bbox) return {0, 0, r.width, r.height};
    const PixelRect& b = *r.metrics.bbox;
    return {std::max(0, b.left - kCropMargin), std::max(0, b.top - kCropMargin),
            std::min(r.width, b.right + kCropMargin), std::min(r.height, b.bottom + kCropMargin)};
}

// Copies `view` of `source`, enlarged `zoom` times, to `out` at column x0, from row y0 down.
void blitZoomed(const Image& source, PixelRect view, int zoom, Image& out, int x0, int y0) {
    for (int y = 0; y < view.height() * zoom; ++y)
        for (int x = 0; x < view.width() * zoom; ++x)
            std::copy_n(source.pixel(view.left + x / zoom, view.top + y / zoom), 4, out.pixel(x0 + x, y0 + y));
}

// "A [L,T,R,B]": the panel and the frame coordinates it shows, at `scale`
// or, too wide for the panel, at scale 1; else only the panel's name.
void drawPanelCaption(Image& out, int x0, int width, const std::string& name, const PixelRect& view,
                      const SideBySideOptions& o, int scale) {
    const std::string full = name + " [" + std::to_string(view.left + o.originX) + "," +
                             std::to_string(view.top + o.originY) + "," + std::to_string(view.right + o.originX) + "," +
                             std::to_string(view.bottom + o.originY) + "]";
    for (int s = scale; s >= 1; --s)
        if (diff::captionWidth(full, s) + 4 <= width) return diff::drawCaption(out, x0 + 2, 2, x0 + width, full, s);
    diff::drawCaption(out, x0 + 2, 2, x0 + width, name, scale);
}

}  // namespace

Image diffHeatMap(const Image& a, const Image& b, const DiffResult& r) {
    requireClasses(a, b, r);
    Image out(a.width, a.height);
    const int channels = r.ignoreAlpha ? 3 : 4;
    for (size_t i = 0; i < r.pixelClasses.size(); ++i)
        heatPixel(r.pixelClasses[i], &a.rgba[i * 4], &b.rgba[i * 4], channels, &out.rgba[i * 4]);
    return out;
}

Image sideBySide(const Image& a, const Image& b, const DiffResult& r, const SideBySideOptions& options) {
    requireClasses(a, b, r);
    const PixelRect view = viewRect(r, options.cropToDiff);
    const int64_t panel = int64_t(view.width()) * options.zoom;
    const int scale = options.zoom >= 4 ? 2 : 1;
    const int band = diff::captionBandHeight(scale);
    const int64_t width = 3 * panel + 2 * kSideBySideGap, height = int64_t(view.height()) * options.zoom + band;
    if (options.zoom < 1 || width > kMaxOutputSide || height > kMaxOutputSide)
        throw UsageError("side-by-side image would be " + std::to_string(width) + "x" + std::to_string(height) +
                         " pixels (limit " + std::to_string(kMaxOutputSide) + "); use --crop-to-diff or a smaller --zoom");
    Image out{int(width), int(height)};
    for (size_t i = 0; i < out.rgba.size(); i += 4) setRgb(&out.rgba[i], 128, 128, 128);
    for (int y = 0; y < band; ++y)
        for (int x = 0; x < out.width; ++x) setRgb(out.pixel(x, y), 32, 32, 32);
    const Image heat = diffHeatMap(a, b, r);
    const Image* panels[3] = {&a, &b, &heat};
    const char* names[3] = {"A", "B", "DIFF"};
    for (int k = 0; k < 3; ++k) {
        const int x0 = k * (int(panel) + kSideBySideGap);
        blitZoomed(*panels[k], view, options.zoom, out, x0, band);
        drawPanelCaption(out, x0, int(panel), names[k], view, options, scale);
    }
    return out;
}

}  // namespace refrast
