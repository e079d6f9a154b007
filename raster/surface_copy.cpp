// SPDX-License-Identifier: MIT
#include "raster/surface_copy.h"

#include "raster/output/color_format.h"

#include <algorithm>
#include <cmath>

namespace refrast {

void colorFill(const ColorFillCommand& c, std::vector<Framebuffer>& surfaces) {
    Framebuffer& fb = surfaces[size_t(c.surface)];
    const Rgba8 v = storedClearColor(fb.colorFormat, c.color);
    for (int y = c.rect.y0; y < c.rect.y1; ++y)
        for (int x = c.rect.x0; x < c.rect.x1; ++x) {
            const size_t i = fb.index(x, y);
            fb.setColor(i, v);
            fb.markCleared(i);
        }
}

namespace {

// Destination pixel d of a span of `dn` pixels maps to the source position
// (d + 0.5) * sn / dn - 0.5 within a span of `sn` (pixel centres aligned).
float sourcePosition(int d, int dn, int sn) { return (float(d) + 0.5f) * float(sn) / float(dn) - 0.5f; }

Rgba texel(const Framebuffer& fb, const SurfaceRect& r, int x, int y) {
    x = std::clamp(x, r.x0, r.x1 - 1);
    y = std::clamp(y, r.y0, r.y1 - 1);
    const uint8_t* p = &fb.color[fb.index(x, y) * 4];
    return decodeForFormat({p[0], p[1], p[2], p[3]}, fb.colorFormat);
}

}  // namespace

void stretchRect(const StretchRectCommand& c, std::vector<Framebuffer>& surfaces) {
    const Framebuffer src = surfaces[size_t(c.source)];  // a copy: source and destination may be one surface
    Framebuffer& dst = surfaces[size_t(c.dest)];
    const SurfaceRect& s = c.sourceRect;
    const SurfaceRect& d = c.destRect;
    const int sw = s.x1 - s.x0, sh = s.y1 - s.y0, dw = d.x1 - d.x0, dh = d.y1 - d.y0;
    for (int y = 0; y < dh; ++y)
        for (int x = 0; x < dw; ++x) {
            const float u = sourcePosition(x, dw, sw), v = sourcePosition(y, dh, sh);
            Rgba out;
            if (!c.linear) {  // nearest: the source pixel whose centre is closest, ties to the lower
                out = texel(src, s, s.x0 + int(std::ceil(u - 0.5f)), s.y0 + int(std::ceil(v - 0.5f)));
            } else {  // bilinear between the four nearest centres, clamped to the source rectangle
                const float fu = std::floor(u), fv = std::floor(v);
                const float au = u - fu, av = v - fv;
                const int x0 = s.x0 + int(fu), y0 = s.y0 + int(fv);
                const Rgba t00 = texel(src, s, x0, y0), t10 = texel(src, s, x0 + 1, y0);
                const Rgba t01 = texel(src, s, x0, y0 + 1), t11 = texel(src, s, x0 + 1, y0 + 1);
                auto lerp2 = [&](float a, float b, float c2, float e) {
                    const float top = a + (b - a) * au, bottom = c2 + (e - c2) * au;
                    return top + (bottom - top) * av;
                };
                out = {lerp2(t00.r, t10.r, t01.r, t11.r), lerp2(t00.g, t10.g, t01.g, t11.g),
                       lerp2(t00.b, t10.b, t01.b, t11.b), lerp2(t00.a, t10.a, t01.a, t11.a)};
            }
            const Rgba8 v8 = encodeForFormat(out, dst.colorFormat);
            const size_t i = dst.index(d.x0 + x, d.y0 + y);
            dst.setColor(i, v8);
            dst.markCleared(i);
        }
}

}  // namespace refrast
