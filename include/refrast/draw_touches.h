// SPDX-License-Identifier: MIT
// Which draws touched each pixel (docs/diff.md, "Draw attribution"): a draw
// touches a pixel when its rasterization produces a fragment there, whether
// or not the fragment is then written (alpha, stencil and depth failures are
// touches). Bounded per pixel: the number of distinct touching draws and the
// most recent kRecentTouches of them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace refrast {

// Touching draws kept per pixel; older ones are only counted.
constexpr int kRecentTouches = 4;

struct DrawTouches {
    // Per pixel, row-major: distinct draws that touched it since it was last
    // cleared, filled or copied into (saturates at 65535).
    std::vector<uint16_t> count;
    // kRecentTouches per pixel: draw index + 1 of the most recent
    // min(count, kRecentTouches) touching draws, most recent first; 0 pads.
    std::vector<uint32_t> recent;

    bool empty() const { return count.empty(); }
    void assign(size_t pixels) {
        count.assign(pixels, 0);
        recent.assign(pixels * kRecentTouches, 0);
    }
    const uint32_t* of(size_t i) const { return &recent[i * kRecentTouches]; }
    // Draw `id` (draw index + 1) produced a fragment at pixel i. Fragments
    // reach a pixel in submission order, so a draw already counted there is
    // the most recent one.
    void touch(size_t i, uint32_t id) {
        uint32_t* r = &recent[i * kRecentTouches];
        if (count[i] != 0 && r[0] == id) return;
        for (int k = kRecentTouches - 1; k > 0; --k) r[k] = r[k - 1];
        r[0] = id;
        if (count[i] != UINT16_MAX) ++count[i];
    }
    void forget(size_t i) {
        if (count.empty()) return;
        count[i] = 0;
        for (int k = 0; k < kRecentTouches; ++k) recent[i * kRecentTouches + size_t(k)] = 0;
    }
};

}  // namespace refrast
