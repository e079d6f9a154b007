// SPDX-License-Identifier: MIT
#include "raster/pixel/stage_sampling.h"

#include "raster/draw_context.h"
#include "raster/pixel/bump_env_map.h"
#include "raster/pixel/cube_sampling.h"
#include "raster/pixel/nonpow2_conditional.h"
#include "raster/pixel/sample_span.h"
#include "raster/vertex/texcoord_processing.h"

namespace refrast {

namespace {

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
    return applyTexcoordModifiers(b.texcoord, &texture, uv, time);
}

// A cube stage's direction at the quad's pixels (docs/fixed-function.md §14.1, T-28):
// always a processed coordinate; no tiling, scroll, Page cell or bump offset.
void sampleCubeStage(const PixelState& state, int stage, const Texture& cube, const VaryingLayout& layout,
                     const QuadFragments& quad, uint8_t pixels, Rgba texel[4]) {
    const StageTextureBinding& b = state.textures[size_t(stage)];
    const TextureStageState& t = state.stages[size_t(stage)];
    const int processed = layout.stageCoord[size_t(stage)];
    Vec3 dir[4] = {Vec3(0, 0, 0), Vec3(0, 0, 0), Vec3(0, 0, 0), Vec3(0, 0, 0)};
    for (int k = 0; k < 4; ++k)
        if (k < 3 || (pixels >> k & 1))
            dir[k] = processed < 0 ? Vec3(0, 0, 0) : lookupCubeTexcoord(t.textureTransformFlags, quad.varying[k] + processed);
    sampleCubeQuad(cube, b.sampler, dir, pixels, texel, state.options.cubeLod);
}

}  // namespace

void sampleStages(const PixelState& state, const FrameTextures& textures, const VaryingLayout& layout, const QuadFragments& quad,
                  uint8_t pixels, uint8_t boundMask, StageTexels* const texels[4], AmbiguityProbe probe) {
    const int count = activeStageCount(state, boundMask);
    BumpEnvOffset bump[4];
    bool perturb = false;  // stage s - 1 is a bump stage
    for (int s = 0; s < count; ++s) {
        const StageTextureBinding& b = state.textures[size_t(s)];
        const TextureStageState& t = state.stages[size_t(s)];
        const bool bumpStage = isBumpEnvOp(t.colorOp);
        if (b.texture < 0) {
            // An unbound texture reads (0, 0, 0, 0) (docs/fixed-function.md §5.4): a bump
            // stage then adds no offset, and BUMPENVMAPLUMINANCE scales the next
            // texel by sat(0 * LSCALE + LOFFSET).
            if (bumpStage)
                for (BumpEnvOffset& o : bump) o = bumpEnvMap(t, Rgba{0.0f, 0.0f, 0.0f, 0.0f});
            perturb = bumpStage;
            continue;
        }
        const Texture& texture = *textures.table[size_t(b.texture)];
        if (b.cube) {
            Rgba texel[4];
            sampleCubeStage(state, s, texture, layout, quad, pixels, texel);
            for (int k = 0; k < 4; ++k) {
                if (!(pixels >> k & 1)) continue;
                (*texels[k])[size_t(s)] = texel[k];
                if (bumpStage) bump[k] = bumpEnvMap(t, texel[k]);
            }
            perturb = bumpStage;
            continue;
        }
        Vec2 uv[4];
        for (int k = 0; k < 4; ++k)
            if (k < 3 || (pixels >> k & 1))
                uv[k] = stageTexcoord(b, t, texture, layout, s, quad.varying[k], textures.time);
        const SamplerState sampler = nonPow2Sampler(texture, b.sampler, state.options.nonPow2);
        const TextureLod lod = selectTextureLod(texture, sampler, uv[1] - uv[0], uv[2] - uv[0]);
        // The quad's four pixels filter as one span (pixels outside `pixels`
        // filter (0, 0) and are dropped).
        SampleSpan span;
        span.count = 4;
        for (int k = 0; k < 4; ++k) {
            if (!(pixels >> k & 1)) continue;
            Vec2 at = uv[k];
            if (perturb) {
                const PerturbedTexcoord p = perturbTexcoord(bump[k], at.x(), at.y(), 1.0f, false);
                at = Vec2(p.u, p.v);
            }
            span.u[k] = at.x();
            span.v[k] = at.y();
            if (probe) probe.texture(quad.x + (k & 1), quad.y + (k >> 1), texture, sampler, uv[1] - uv[0], uv[2] - uv[0], at);
        }
        SampledSpan sampled;
        sampleSpan(texture, sampler, lod, span, sampled);
        for (int k = 0; k < 4; ++k) {
            if (!(pixels >> k & 1)) continue;
            Rgba texel = sampled.at(k);
            if (perturb) texel = applyBumpLuminance(texel, bump[k].luminanceScale);
            (*texels[k])[size_t(s)] = texel;
            if (bumpStage) bump[k] = bumpEnvMap(t, texel);
        }
        perturb = bumpStage;
    }
}

}  // namespace refrast
