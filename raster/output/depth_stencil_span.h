// SPDX-License-Identifier: MIT
// The early half of the merger over a span of quads: the stencil and depth
// tests with their writes (D3D9 order, fixed-function reference §0 steps 6-7)
// for the pixels of a span, one lane per pixel, written once over lanes in
// depth_stencil_span.inl (the formulas: depth_stencil.inl) and compiled for
// every SIMD level. The scalar width is the same code at width 1; the
// per-pixel merger (output_merger.cpp depthStencilTest) runs the same
// formulas through depth_test.h and stencil_test.h.
#pragma once

#include "raster/lanes/simd_level.h"
#include "raster/lanes/span.h"
#include "raster/rasterize/interpolate.h"
#include "raster/state/render_state.h"

#include <cstdint>

namespace refrast {

// The planes the kernel reads and writes (framebuffer.h's depth and stencil).
struct DepthStencilPlanes {
    uint32_t* depth;
    uint8_t* stencil;
    int width;
    DepthFormat format;
};

// Stencil then depth for the pixels `live` of `span` (window depth span.z,
// one triangle facing `frontFacing`): a failing stencil test applies
// STENCILFAIL; otherwise the depth test (ZENABLE, ZFUNC) writes a passing
// depth when ZWRITEENABLE and the stencil takes ZFAIL or PASS. Returns the
// pixels that pass both. The span's pixels are distinct, so lanes never
// write the same pixel.
SpanMask depthStencilSpan(SimdLevel level, const DepthState& depth, const StencilState& stencil, bool frontFacing,
                          const QuadSpan& span, SpanMask live, const DepthStencilPlanes& planes);

}  // namespace refrast
