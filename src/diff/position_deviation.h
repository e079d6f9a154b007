// SPDX-License-Identifier: MIT
// The two-way position-deviation excuse for a differing pixel.
// Spec: Vulkan CTS / dEQP tcu::intThresholdPositionDeviationCompare (docs/diff.md).
#pragma once

#include "refrast/image.h"

namespace refrast::diff {

// True when every compared channel of p and q is within tolerance.
inline bool pixelsMatch(const uint8_t* p, const uint8_t* q, int tolerance, int channels) {
    for (int c = 0; c < channels; ++c) {
        const int delta = p[c] > q[c] ? p[c] - q[c] : q[c] - p[c];
        if (delta > tolerance) return false;
    }
    return true;
}

// A differing pixel (x, y) is excused when a's pixel matches some pixel of b
// within k pixels (Chebyshev distance, clipped to the image) and b's pixel
// matches some pixel of a within k pixels. channels is 3 (ignore alpha) or 4.
bool excusedByPositionDeviation(const Image& a, const Image& b, int x, int y, int k, int tolerance, int channels);

}  // namespace refrast::diff
