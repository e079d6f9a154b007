// SPDX-License-Identifier: MIT
// The two-way position-deviation excuse for a differing pixel.
// Spec: Vulkan CTS / dEQP tcu::intThresholdPositionDeviationCompare (docs/diff.md).
#include "src/diff/position_deviation.h"

#include <algorithm>

namespace refrast::diff {

namespace {

// Does any pixel of `image` within k of (x, y) match `pixel`?
bool hasMatchNear(const Image& image, int x, int y, const uint8_t* pixel, int k, int tolerance, int channels) {
    const int x0 = std::max(0, x - k), x1 = std::min(image.width - 1, x + k);
    const int y0 = std::max(0, y - k), y1 = std::min(image.height - 1, y + k);
    for (int ny = y0; ny <= y1; ++ny)
        for (int nx = x0; nx <= x1; ++nx)
            if (pixelsMatch(image.pixel(nx, ny), pixel, tolerance, channels)) return true;
    return false;
}

}  // namespace

bool excusedByPositionDeviation(const Image& a, const Image& b, int x, int y, int k, int tolerance, int channels) {
    // Both directions, as in the CTS: an edge that moved by one pixel finds its
    // colours in the other image on both sides, a changed pixel does not.
    return hasMatchNear(b, x, y, a.pixel(x, y), k, tolerance, channels) &&
           hasMatchNear(a, x, y, b.pixel(x, y), k, tolerance, channels);
}

}  // namespace refrast::diff
