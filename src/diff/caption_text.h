// SPDX-License-Identifier: MIT
// Captions burnt into the side-by-side picture (docs/diff.md, "Pictures"):
// a 5x7 pixel font with only the characters the captions use.
#pragma once

#include "refrast/image.h"

#include <string>

namespace refrast::diff {

constexpr int kGlyphWidth = 5, kGlyphHeight = 7, kGlyphAdvance = 6;

// Pixels `text` takes at `scale` (1 or more), and the height of a caption band.
int captionWidth(const std::string& text, int scale);
inline int captionBandHeight(int scale) { return kGlyphHeight * scale + 4; }

// Writes `text` white at (x, y) (its top-left) into `out`, clipped to the
// columns [x, xEnd); characters outside the font are drawn as spaces.
void drawCaption(Image& out, int x, int y, int xEnd, const std::string& text, int scale);

}  // namespace refrast::diff
