// SPDX-License-Identifier: MIT
// Per-draw crops (src/golden/draw_crops.h).
#include "src/golden/draw_crops.h"

#include <algorithm>

namespace refrast::golden {

namespace {

Image cropOf(const Image& in, const PixelRect& r) {
    Image out(r.width(), r.height());
    for (int y = 0; y < r.height(); ++y) std::copy_n(in.pixel(r.left, r.top + y), size_t(r.width()) * 4, out.pixel(0, y));
    return out;
}

}  // namespace

Image drawCrop(const Image& a, const Image& b, const DiffResult& result, const diff::DrawBlame& blame) {
    const PixelRect& box = diff::drawBox(blame);
    const PixelRect r{std::max(0, box.left - kDrawCropMargin), std::max(0, box.top - kDrawCropMargin),
                      std::min(a.width, box.right + kDrawCropMargin), std::min(a.height, box.bottom + kDrawCropMargin)};
    DiffResult sub = result;
    sub.width = r.width(), sub.height = r.height();
    sub.pixelClasses.assign(size_t(r.width()) * size_t(r.height()), PixelClass::Equal);
    for (int y = 0; y < r.height(); ++y)
        for (int x = 0; x < r.width(); ++x)
            sub.pixelClasses[size_t(y) * size_t(r.width()) + size_t(x)] =
                result.pixelClasses[size_t(r.top + y) * size_t(a.width) + size_t(r.left + x)];
    SideBySideOptions options;
    options.zoom = std::clamp(kDrawCropTarget / std::max(r.width(), r.height()), 1, 8);
    options.originX = r.left, options.originY = r.top;  // captions in the frame's coordinates
    return sideBySide(cropOf(a, r), cropOf(b, r), sub, options);
}

}  // namespace refrast::golden
