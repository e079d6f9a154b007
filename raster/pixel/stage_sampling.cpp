// SPDX-License-Identifier: MIT
#include "raster/pixel/stage_sampling.h"

#include "raster/draw_context.h"
#include "raster/lanes/simd_level.h"
#include "raster/pixel/bump_env_map.h"
#include "raster/pixel/cube_sampling.h"
#include "raster/pixel/nonpow2_conditional.h"
#include "raster/pixel/sample_span.h"
#include "raster/pixel/texture_lod.h"
#include "raster/vertex/texcoord_processing.h"

namespace refrast {

namespace {

// The first varying the stage sampling reads: texcoord sets and processed
// coordinates follow the colours and fog inputs in the layout.
int firstSampledVarying(const VaryingLayout& layout) {
    int first = layout.count;
    for (int8_t at : layout.texcoord)
        if (at >= 0 && at < first) first = at;
    for (int8_t at : layout.stageCoord)
        if (at >= 0 && at < first) first = at;
    return first;
}

// Tiling is the coordinate's only modifier: no scroll, 2D transform or Page cell.
bool tilingOnly(const TexcoordModifiers& m) { return m.scroll == Vec2(0.0f, 0.0f) && !m.transform2D && m.pageCell == 0; }

// The common 2D stage (texture_lod.h): its coordinate is a texcoord set of the
// layout times the tiling (tilingOnly), no processed coordinate. Its
// texcoords and mip selection run over lanes from the span's varying planes.
bool isTiledStage(const StageTextureBinding& b, const TextureStageState& t, const VaryingLayout& layout, int stage) {
    return layout.stageCoord[size_t(stage)] < 0 && layout.texcoord[size_t(t.texCoordIndex)] >= 0 &&
           tilingOnly(b.texcoord);
}

// The stage's coordinate at one quad pixel: texcoord set `set`, then tiling,
// scroll, 2D transform and Page cell (docs/textures.md §3). A stage with a
// processed coordinate (texgen, texture matrix; §8) reads its (u, v) from that
// instead, the PROJECTED divide done here, per pixel, and no second transform.
Vec2 stageTexcoord(const StageTextureBinding& b, const TextureStageState& t, const Texture& texture,
                   const VaryingLayout& layout, int stage, const float* varyings, float time) {
    const int processed = layout.stageCoord[size_t(stage)];
    if (processed >= 0) {
        TexcoordModifiers m = b.texcoord;
        m.transform2D = false;
        return applyTexcoordModifiers(m, &texture, lookupTexcoord(t.textureTransformFlags, varyings + processed), time);
    }
    const int offset = layout.texcoord[size_t(t.texCoordIndex)];
    const Vec2 uv = offset < 0 ? Vec2(0.0f, 0.0f) : Vec2(varyings[offset], varyings[offset + 1]);
    // Tiling alone (no scroll, 2D transform or Page cell), the common case:
    // applyTexcoordModifiers' first step, without its call per pixel.
    const TexcoordModifiers& m = b.texcoord;
    if (tilingOnly(m)) return tileTexcoord(uv, m.tiling);
    return applyTexcoordModifiers(m, &texture, uv, time);
}

// A cube stage's direction at the quads' pixels (docs/fixed-function.md §14.1, T-28):
// always a processed coordinate; no tiling, scroll, Page cell or bump offset.
// Each quad samples on its own (its face selection and λ).
void sampleCubeStage(const PixelState& state, int stage, const Texture& cube, const VaryingLayout& layout,
                     const QuadSpan& span, SpanMask pixels, Rgba texel[kSpanPixels]) {
    const StageTextureBinding& b = state.textures[size_t(stage)];
    const TextureStageState& t = state.stages[size_t(stage)];
    const int processed = layout.stageCoord[size_t(stage)];
    for (int q = 0; q < span.quads; ++q) {
        const uint8_t quadPixels = quadBits(pixels, q);
        if (!quadPixels) continue;
        Vec3 dir[4] = {Vec3(0, 0, 0), Vec3(0, 0, 0), Vec3(0, 0, 0), Vec3(0, 0, 0)};
        for (int k = 0; k < 4; ++k)
            if (k < 3 || (quadPixels >> k & 1))
                dir[k] = processed < 0 ? Vec3(0, 0, 0)
                                       : lookupCubeTexcoord(t.textureTransformFlags, span.varying[4 * q + k] + processed);
        sampleCubeQuad(cube, b.sampler, dir, quadPixels, texel + 4 * q, state.options.cubeLod);
    }
}

}  // namespace

void sampleStages(const PixelState& state, const FrameTextures& textures, const VaryingLayout& layout, QuadSpan& quads,
                  SpanMask pixels, uint8_t boundMask, ColorPlanes texels[kMaxTextureStages], AmbiguityProbe probe) {
    const int count = activeStageCount(state, boundMask);
    const int n = quads.pixels();
    SpanMask read = 0;  // pixels whose texcoords are needed, once quads.varying holds them
    const auto varyingsOfPixels = [&] {
        if (read) return;
        read = withDerivativePixels(quads, pixels);
        varyingsPerPixel(quads, firstSampledVarying(layout), layout.count, read);
    };
    // Reused by every span of the thread, so no span zeroes them: the lanes
    // past a span's pixels hold another span's values (computed and
    // ignored), and a bump stage writes the offsets of the pixels the next
    // stage reads.
    thread_local SampleSpan span;
    thread_local BumpEnvOffset bump[kSpanPixels];
    bool perturb = false;  // stage s - 1 is a bump stage
    SampledSpan sampled;
    for (int s = 0; s < count; ++s) {
        const StageTextureBinding& b = state.textures[size_t(s)];
        const TextureStageState& t = state.stages[size_t(s)];
        const bool bumpStage = isBumpEnvOp(t.colorOp);
        if (b.texture < 0) {
            // An unbound texture reads (0, 0, 0, 0) (docs/fixed-function.md §5.4): a bump
            // stage then adds no offset, and BUMPENVMAPLUMINANCE scales the next
            // texel by sat(0 * LSCALE + LOFFSET).
            if (bumpStage)
                for (int p = 0; p < n; ++p) bump[p] = bumpEnvMap(t, Rgba{0.0f, 0.0f, 0.0f, 0.0f});
            perturb = bumpStage;
            continue;
        }
        const Texture& texture = *textures.table[size_t(b.texture)];
        if (b.cube) {
            varyingsOfPixels();
            Rgba texel[kSpanPixels];
            sampleCubeStage(state, s, texture, layout, quads, pixels, texel);
            for (int p = 0; p < n; ++p) {
                if (!(pixels >> p & 1)) continue;
                texels[s].set(p, texel[p]);
                if (bumpStage) bump[p] = bumpEnvMap(t, texel[p]);
            }
            perturb = bumpStage;
            continue;
        }
        const SamplerState sampler = nonPow2Sampler(texture, b.sampler, state.options.nonPow2);
        // Each quad's selection, written for every quad of the span before
        // it is read: no default values for the kSpanQuads slots per span.
        SpanLods lod;
        if (!perturb && !probe && isTiledStage(b, t, layout, s)) {
            // The common stage: texcoords, derivatives and mip selection over
            // lanes, filtered straight into the stage's texel planes (pixels
            // outside `pixels` filter their own texcoords and are ignored).
            const int set = layout.texcoord[size_t(t.texCoordIndex)];
            // Its mip selection has a lane per quad (kSpanQuads at most), at
            // the narrowest level that holds them (wider lanes only wait on
            // the gathers and the logarithm's chain).
            tiledStageSpan(spanSimdLevel(quads.quads), texture, sampler, quads.plane[set], quads.plane[set + 1],
                           b.texcoord.tiling, quads.quads, pixels, span, lod);
            ColorPlanes& out = texels[s];
            sampleSpan(spanSimdLevel(n), texture, sampler, lod, span, SampledPlanes{out.r, out.g, out.b, out.a});
            if (bumpStage)
                for (int p = 0; p < n; ++p)
                    if (pixels >> p & 1) bump[p] = bumpEnvMap(t, out.at(p));
            perturb = bumpStage;
            continue;
        }
        varyingsOfPixels();
        Vec2 uv[kSpanPixels];
        for (int p = 0; p < n; ++p)
            if (read >> p & 1) uv[p] = stageTexcoord(b, t, texture, layout, s, quads.varying[p], textures.time);
        // Each quad's derivatives and mip selection.
        Vec2 duvdx[kSpanQuads], duvdy[kSpanQuads];
        for (int q = 0; q < quads.quads; ++q) {
            if (!quadBits(pixels, q)) continue;  // nothing to sample: no view of its own (below)
            duvdx[q] = uv[4 * q + 1] - uv[4 * q];
            duvdy[q] = uv[4 * q + 2] - uv[4 * q];
            lod.set(q, selectTextureLod(texture, sampler, duvdx[q], duvdy[q]));
        }
        shareSampledSelections(lod, quads.quads, pixels);
        // The span's pixels filter as one span (pixels outside `pixels`
        // filter (0, 0) and are dropped).
        span.count = n;
        for (int p = 0; p < n; ++p) {
            if (!(pixels >> p & 1)) {
                span.u[p] = span.v[p] = 0.0f;
                continue;
            }
            Vec2 at = uv[p];
            if (perturb) {
                const PerturbedTexcoord d = perturbTexcoord(bump[p], at.x(), at.y(), 1.0f, false);
                at = Vec2(d.u, d.v);
            }
            span.u[p] = at.x();
            span.v[p] = at.y();
            if (probe) probe.texture(quads.pixelX(p), quads.pixelY(p), texture, sampler, duvdx[p / 4], duvdy[p / 4], at);
        }
        sampleSpan(spanSimdLevel(n), texture, sampler, lod, span, sampled);
        for (int p = 0; p < n; ++p) {
            if (!(pixels >> p & 1)) continue;
            Rgba texel = sampled.at(p);
            if (perturb) texel = applyBumpLuminance(texel, bump[p].luminanceScale);
            texels[s].set(p, texel);
            if (bumpStage) bump[p] = bumpEnvMap(t, texel);
        }
        perturb = bumpStage;
    }
}

}  // namespace refrast
