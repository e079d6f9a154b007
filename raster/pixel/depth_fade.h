// SPDX-License-Identifier: MIT
// The AC port's detail-pass depth fade: the pixel colour, rgb and alpha, is
// scaled by a factor 1 up to the near distance, 0 at and beyond the far one.
// Spec: legacy-behaviours §1; docs/fixed-function.md §9.2 (with DESTCOLOR /
// INVSRCALPHA, fade 0 is a byte-exact no-op and rgb == a is neutral).
#pragma once

#include "raster/pixel/rgba.h"
#include "raster/state/extension_state.h"

namespace refrast {

// fade = clamp((far - z) / (far - near), 0, 1) for positive view depth z.
float depthFadeFactor(const DepthFadeState& fade, float viewDepth);

// (rgb, a) * fade while enabled; the colour unchanged otherwise.
Rgba depthFade(const DepthFadeState& fade, const Rgba& color, float viewDepth);

}  // namespace refrast
