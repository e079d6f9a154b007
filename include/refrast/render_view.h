// SPDX-License-Identifier: MIT
// What a rendered image shows (render --view). A standalone header: plain
// types only (the public API, refrast/refrast.h, uses it).
#pragma once

namespace refrast {

// What the output image shows (the first question when a golden fails is which
// draw and which stage).
enum class RenderView {
    Final,     // the colour buffer
    Depth,     // depth as grey: 0 black, 1 white
    DrawId,    // a stable false colour per draw that last wrote the pixel
    Overdraw,  // the number of fragments written, as grey steps
    Ambiguity, // a dimmed grey copy of the colour buffer, knife-edge pixels coloured by criterion (docs/ambiguity.md)
};

}  // namespace refrast
