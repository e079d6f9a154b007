// SPDX-License-Identifier: MIT
// The body of shade_span_<level>.cpp (shade_span.h): the fragment colour of
// a span of pixels over lanes and the colour half of the merger on 8-bit
// targets. Each formula is the one of its stage's .inl (texture_stage.inl,
// specular_add.inl, fog.inl, alpha_blend.inl) in the order of
// fixed_function_pixel.inl's `shade`; this file loads and stores the span.
#include "raster/lanes/quad_pixels.inl"
#include "raster/output/alpha_blend.inl"
#include "raster/pixel/fixed_function_pixel.inl"
#include "raster/pixel/shade_span.h"
#include "raster/rasterize/interpolate.inl"

namespace refrast::REFRAST_LANES_NS {

inline Color loadPlanes(const ColorPlanes& p, int k) { return loadColor(p.r, p.g, p.b, p.a, k); }

namespace {

// `Lean`: leanShading(plan) (shade), so the lanes stay in registers.
template <bool Lean>
void shadeLaneGroups(const PixelState& state, const ShadingPlan& plan, const FragmentSpan& in, ColorPlanes& out) {
    // Stage 0's texel is read by the material ramp even without a texture: (0, 0, 0, 0).
    const int stages = Lean ? 1 : plan.cascade.count > 0 ? plan.cascade.count : 1;
    for (int k = 0; k < in.count; k += kWidth) {
        FragmentLanes f;
        f.stages.diffuse = loadColor(in.diffuse[0], in.diffuse[1], in.diffuse[2], in.diffuse[3], k);
        f.stages.specular = loadColor(in.specular[0], in.specular[1], in.specular[2], in.specular[3], k);
        for (int s = 0; s < stages; ++s)
            f.stages.texture[s] = (plan.boundStages >> s & 1) ? loadPlanes(in.texture[s], k) : splatColor(0.0f);
        f.fog = {load(in.depthZ + k), load(in.depthW + k), load(in.vertexFactor + k), load(in.vertexDistance + k),
                 f.stages.specular.a};
        f.viewDepth = load(in.viewDepth + k);
        const Color c = shade<Lean>(state, plan, f);
        storeColor(out.r, out.g, out.b, out.a, k, c);
    }
}

}  // namespace

void shadeSpan(const PixelState& state, const ShadingPlan& plan, const FragmentSpan& in, ColorPlanes& out) {
    if (leanShading(plan)) return shadeLaneGroups<true>(state, plan, in, out);
    shadeLaneGroups<false>(state, plan, in, out);
}

void writeColorSpan(const ShadingPlan& plan, bool targetHasAlpha, const ColorPlanes& color, const QuadSpan& span,
                    SpanMask live, const ColorTarget& target) {
    const uint8_t mask = uint8_t(plan.colorWriteMask & (targetHasAlpha ? 0xF : 0x7));
    const bool readsStored = plan.blend.enable || mask != 0xF;
    const size_t width = size_t(target.width);
    uint32_t* const pixels = target.pixels;
    // The stored pixels as words R | G << 8 | B << 16 | A << 24 (memory order
    // R, G, B, A), 0 where not live.
    // A whole quad row moves at once (quad_pixels.inl).
    alignas(64) int32_t words[kSpanPixels];
    const bool row = wholeQuadRow(span, live);
    if (readsStored && row) {
        loadQuadRow(pixels + span.quadIndex(0, width), width, words);
    } else {
        zeroLaneGroups(words, span.pixels());
        if (readsStored)
            for (int q = 0; q < span.quads; ++q)
                loadQuadPixels(pixels + span.quadIndex(q, width), width, quadBits(live, q), words + 4 * q);
    }
    const I32 byte = splatI(0xFF);
    constexpr unsigned kGroup = (1u << kWidth) - 1u;
    for (int k = 0; k < span.pixels(); k += kWidth) {
        if (!(live >> k & kGroup)) continue;  // no live pixel in the lane group
        const I32 w = loadI(words + k);
        const I32 sr = w & byte, sg = (w >> 8) & byte, sb = (w >> 16) & byte, sa = (w >> 24) & byte;
        // R-9: the shader output is clamped to the UNORM target range before blending.
        Color v = saturate(loadPlanes(color, k));
        if (plan.blend.enable) {
            Color d{decodeUnorm8(sr), decodeUnorm8(sg), decodeUnorm8(sb), decodeUnorm8(sa)};  // R-6
            if (!targetHasAlpha) d.a = splat(1.0f);  // "A nonexistent alpha channel returns 1.0" ([WINE-FFP])
            v = blendColor(plan.blend, v, d);
        }
        // R-3 encode, then COLORWRITEENABLE keeps the stored channels whose bit is clear.
        const I32 r = (mask & 1) ? encodeUnorm8(v.r) : sr, g = (mask & 2) ? encodeUnorm8(v.g) : sg,
                  b = (mask & 4) ? encodeUnorm8(v.b) : sb, a = (mask & 8) ? encodeUnorm8(v.a) : sa;
        store(words + k, r | (g << 8) | (b << 16) | (a << 24));
    }
    if (row) storeQuadRow(pixels + span.quadIndex(0, width), width, words);
    else
        for (int q = 0; q < span.quads; ++q)
            storeQuadPixels(pixels + span.quadIndex(q, width), width, quadBits(live, q), words + 4 * q);
}

}  // namespace refrast::REFRAST_LANES_NS
