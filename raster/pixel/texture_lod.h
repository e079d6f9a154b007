// SPDX-License-Identifier: MIT
// The common 2D stage's coordinates and mip selection over lanes: for a stage
// whose coordinate is a texcoord set times the tiling (no bump offset, no
// processed coordinate, no scroll, 2D transform or Page cell), the span's
// (u, v) planes straight from the set's varying planes and each quad's D3D9
// derivatives, λ (lodFixed + MIPMAPLODBIAS) and level/filter selection
// (selectTextureLodAt), the quads of a span at once. Written once over lanes
// in texture_lod.inl and compiled for every SIMD level; the scalar sampler's
// lodFixed and selectTextureLodAt are its width 1 (sampler.cpp).
// Spec: fixed-function reference §9.4, docs/textures.md T-9, T-10, §3.
#pragma once

#include "raster/lanes/simd_level.h"
#include "raster/lanes/span.h"
#include "raster/pixel/sample_span.h"

namespace refrast {

// uv.u[p] = u[p] · tiling, uv.v[p] = v[p] · tiling for the span pixels
// p < 4 · quads (tileTexcoord; the planes are read in whole lane groups, so
// padded to kSpanPixels), uv.count = 4 · quads, and lod[q] for each quad q
// with a pixel in `pixels`: the derivatives d/dx = pixel 1 − pixel 0,
// d/dy = pixel 2 − pixel 0 of the tiled (u, v), λ = lodFixed(base level) +
// lodBiasFixed(MIPMAPLODBIAS), then selectTextureLodAt. A quad without a
// pixel takes the selection of the span's first quad with one (TextureLod{}
// when no quad has one), so sampleSpan views no selection of its own for it.
// lod is written in whole lane groups of `level`: past the span's quads up
// to the end of the last group, values that decide nothing (SpanLods).
void tiledStageSpan(SimdLevel level, const Texture& texture, const SamplerState& sampler, const float* u,
                    const float* v, float tiling, int quads, SpanMask pixels, SampleSpan& uv,
                    SpanLods& lod);

}  // namespace refrast
