// SPDX-License-Identifier: MIT
// An effect placed in a scene (the scene's "sfx" entry): which descriptor,
// seed, time and position, expanded to the descriptor and its quads.
// Spec: docs/sfx.md "Drawing"; issue 7 item 4.
#pragma once

#include "formats/sfx/sfx_quads.h"
#include "formats/sfx_ini.h"

#include <cstdint>
#include <string>
#include <vector>

namespace refrast::sfx {

struct SfxPlacement {
    std::string descriptors;  // INI path, already resolved by the scene loader
    std::string effect;       // section name or specialfx slot
    uint64_t seed = 0;
    float time = 0.0f;        // seconds since the effect started; shows board frame round(time × 30)
    Vec3 positionWorld{0.0f, 0.0f, 0.0f};
};

struct PlacedEffect {
    SfxDescriptor descriptor;    // texture name (empty: NOTEX) for the draw's texture binding
    std::vector<SfxQuad> quads;  // in particle order
};

// Loads the descriptors (their own InputErrors name the INI file), simulates
// and expands. An unknown effect is an InputError at sceneFile + effectPointer
// (e.g. "/draws/3/sfx/effect").
PlacedEffect placeEffect(const SfxPlacement& placement, const Mat4& view, const std::string& sceneFile,
                         const std::string& effectPointer, const SfxModelParams& m = {});

}  // namespace refrast::sfx
