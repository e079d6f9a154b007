// SPDX-License-Identifier: MIT
// What one texture stage samples: the bound texture (SetTexture), its sampler
// state (D3DSAMP_*) and the ports' texture-coordinate modifiers.
// Spec: docs/textures.md §3 (the stage's texture keys).
#pragma once

#include "raster/state/sampler_state.h"
#include "raster/vertex/texcoord_transform.h"

namespace refrast {

struct StageTextureBinding {
    int texture = -1;  // index into the scene's textures; -1 = no texture bound
    // The bound texture is a cube texture: the stage looks up a 3-component
    // direction (docs/fixed-function.md §14.1), so the vertex stage gives it a
    // processed coordinate. Set wherever `texture` is.
    bool cube = false;
    SamplerState sampler;
    TexcoordModifiers texcoord;  // transform2D is set from the stage's texturetransformflags by the caller
};

}  // namespace refrast
