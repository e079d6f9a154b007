// SPDX-License-Identifier: MIT
// IDirect3DDevice9::ColorFill and StretchRect between colour surfaces
// (docs/fixed-function.md §15.4). The loader has checked the rectangles lie
// inside their surfaces and that a copy's surfaces share one format.
#pragma once

#include "raster/framebuffer.h"
#include "refrast/scene.h"

#include <vector>

namespace refrast {

void colorFill(const ColorFillCommand& c, std::vector<Framebuffer>& surfaces);
void stretchRect(const StretchRectCommand& c, std::vector<Framebuffer>& surfaces);

}  // namespace refrast
