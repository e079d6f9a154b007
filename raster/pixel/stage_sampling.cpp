// SPDX-License-Identifier: MIT
#include "raster/pixel/stage_sampling.h"

#include "raster/pixel/bump_env_map.h"
#include "raster/pixel/sampler.h"

namespace refrast {

namespace {

// The stage's coordinate at one quad pixel: texcoord set `set`, then tiling,
// scroll, 2D transform and Page cell (docs/textures.md §3).
Vec2 stageTexcoord(const StageTextureBinding& b, const Texture& texture, const VaryingLayout& layout, int set,
                   const float* varyings, float time) {
    const int offset = layout.texcoord[size_t(set)];
    const Vec2 uv = offset < 0 ? Vec2(0.0f, 0.0f) : Vec2(varyings[offset], varyings[offset + 1]);
    return applyTexcoordModifiers(b.texcoord, &texture, uv, time);
}

uint8_t boundStages(const PixelState& state) {
    uint8_t mask = 0;
    for (int s = 0; s < kMaxTextureStages; ++s)
        if (state.textures[size_t(s)].texture >= 0) mask |= uint8_t(1u << s);
    return mask;
}

}  // namespace

void sampleStages(const PixelState& state, const Scene& scene, const VaryingLayout& layout, const QuadFragments& quad,
                  int k, TextureStageInputs& in) {
    in.boundMask = boundStages(state);
    const int count = activeStageCount(state, in.boundMask);
    BumpEnvOffset bump;
    bool perturb = false;  // stage s - 1 is a bump stage with a texture
    for (int s = 0; s < count; ++s) {
        const StageTextureBinding& b = state.textures[size_t(s)];
        const TextureStageState& t = state.stages[size_t(s)];
        const bool bumpStage = isBumpEnvOp(t.colorOp);
        if (b.texture < 0) {
            perturb = false;  // an unbound bump texture reads (0, 0, 0, 0): no offset
            continue;
        }
        const Texture& texture = scene.textures[size_t(b.texture)];
        auto at = [&](int j) { return stageTexcoord(b, texture, layout, t.texCoordIndex, quad.varying[j], scene.time); };
        const Vec2 uv0 = at(0), duvdx = at(1) - uv0, duvdy = at(2) - uv0;
        Vec2 uv = at(k);
        if (perturb) {
            const PerturbedTexcoord p = perturbTexcoord(bump, uv.x(), uv.y(), 1.0f, false);
            uv = Vec2(p.u, p.v);
        }
        const Vec4 c = sampleTexture(texture, b.sampler, uv, duvdx, duvdy);
        Rgba texel{c.x(), c.y(), c.z(), c.w()};
        if (perturb) texel = applyBumpLuminance(texel, bump.luminanceScale);
        in.texture[size_t(s)] = texel;
        perturb = bumpStage;
        if (bumpStage) bump = bumpEnvMap(t, texel);
    }
}

}  // namespace refrast
