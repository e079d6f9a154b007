// SPDX-License-Identifier: MIT
// The process-wide switch of hidden-surface removal (raster/rasterize/
// hidden_surface.h; the CLI's --no-hidden-surface-removal): on unless turned
// off. Off, every fragment that passes stencil and depth is shaded; the
// bytes are the same either way, only the time differs.
#pragma once

namespace refrast {

bool hiddenSurfaceRemoval();
void setHiddenSurfaceRemoval(bool enable);

}  // namespace refrast
