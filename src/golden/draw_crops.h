// SPDX-License-Identifier: MIT
// Per-draw crops for the HTML report: A | B | heat map around the pixels one
// draw owns (or, owning none, touched), enlarged so a small difference is visible.
#pragma once

#include "refrast/diff.h"
#include "src/diff/draw_attribution.h"

namespace refrast::golden {

// Context kept around a draw's bounding box, in pixels.
constexpr int kDrawCropMargin = 4;
// The crop is enlarged to about this many pixels on its longer side (1..8 times).
constexpr int kDrawCropTarget = 128;

// The side-by-side picture of diff::drawBox(blame) plus the margin (needs
// result.pixelClasses).
Image drawCrop(const Image& a, const Image& b, const DiffResult& result, const diff::DrawBlame& blame);

}  // namespace refrast::golden
