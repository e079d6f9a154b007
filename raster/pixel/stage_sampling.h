// SPDX-License-Identifier: MIT
// Sampling the texture of every active stage for the pixels of a span of
// quads: each stage's coordinate set and modifiers, each quad's derivatives
// and mip selection, and the bump perturbation a BUMPENVMAP(LUMINANCE) stage
// applies to the next stage; the span's pixels then filter as one span.
// Spec: fixed-function reference §0 step 2, §4.5; docs/fixed-function.md §5.5,
// docs/textures.md §3-§5.
#pragma once

#include "raster/ambiguity/probe.h"
#include "raster/pixel/shade_span.h"
#include "raster/pixel/texture_stage.h"
#include "raster/rasterize/interpolate.h"
#include "raster/vertex/vertex_stage.h"
#include "refrast/scene.h"

#include <array>
#include <cstdint>

namespace refrast {

struct FrameTextures;

// Fills texels[s] at p (ColorPlanes::set) for the span pixels p of `pixels`
// and every active stage s with a texture (boundMask bit s, see
// boundStageMask). Derivatives are per quad: d/dx = pixel 1 − pixel 0,
// d/dy = pixel 2 − pixel 0 of the quad, taken before any bump perturbation,
// so pixels 0, 1 and 2 of every quad must hold varyings; so is the mip
// selection. A stage without a texcoord set in the layout reads (0, 0).
// The varyings are read from the span's planes (QuadSpan::plane, every pixel
// of its quads); a stage off the common path (texture_lod.h) reads them per
// pixel, and the first such stage fills QuadSpan::varying for them
// (varyingsPerPixel). An active probe records the samples on a knife edge
// (the ambiguity map).
void sampleStages(const PixelState& state, const FrameTextures& textures, const VaryingLayout& layout, QuadSpan& span,
                  SpanMask pixels, uint8_t boundMask, ColorPlanes texels[kMaxTextureStages], AmbiguityProbe probe = {});

}  // namespace refrast
