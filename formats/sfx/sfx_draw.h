// SPDX-License-Identifier: MIT
// An effect's quads as one ordinary Draw: vertices, indices and the effect
// card state (unlit, ramped texture × heat, SRCALPHA/INVSRCALPHA, depth test
// without depth writes, no fog).
// Spec: shared/spec/legacy-behaviours.md §3 ("Vertex-alpha effect cards",
// "Material ramp"), §3.1 (heat is brightness over the fiery-ramped texture);
// docs/sfx.md "Drawing effects in scenes".
#pragma once

#include "formats/sfx/sfx_quads.h"
#include "raster/state/extension_state.h"
#include "raster/state/sampler_state.h"
#include "refrast/scene.h"

#include <string>
#include <vector>

namespace refrast::sfx {

// The default fiery ramp (refrast's choice): red at luminance 0, orange at
// 0.5, yellow at 1.
constexpr uint32_t kSfxRampLow = 0xFFB01000;
constexpr uint32_t kSfxRampHigh = 0xFFFFD040;

// The sampler of an effect texture unless the scene gives one: bilinear, clamped
// (a sprite must not bleed its opposite edge in).
constexpr SamplerState sfxDefaultSampler() {
    SamplerState s;
    s.addressU = s.addressV = TextureAddress::Clamp;
    s.magFilter = s.minFilter = TextureFilter::Linear;
    return s;
}

struct SfxDrawStyle {
    int texture = -1;  // index into the scene's textures; -1: untextured (NOTEX)
    SamplerState sampler = sfxDefaultSampler();
    MaterialRampState ramp{true, kSfxRampLow, kSfxRampHigh};  // used only when textured
};

// One TRIANGLELIST draw, quad q = vertices 4q … 4q + 3 and triangles
// [4q, 4q+1, 4q+2][4q, 4q+2, 4q+3] (clockwise), in quad order. World is the
// identity (the corners are world positions); view and projection as given.
Draw sfxDraw(const std::vector<SfxQuad>& quads, const Mat4& view, const Mat4& projection, const SfxDrawStyle& style,
             std::string name);

}  // namespace refrast::sfx
