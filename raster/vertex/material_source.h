// SPDX-License-Identifier: MIT
// Which colours the lighting equation uses as the material's diffuse,
// ambient, specular and emissive (D3DRS_COLORVERTEX, D3DRS_*MATERIALSOURCE).
// Spec: D3DRENDERSTATETYPE, D3DMATERIALCOLORSOURCE; docs/fixed-function.md §16.2.
#pragma once

#include "raster/state/vertex_processing_state.h"

namespace refrast {

struct MaterialColors {
    ColorValue diffuse, ambient, specular, emissive;
};

// Each colour is the material's own unless COLORVERTEX is TRUE and its
// source is COLOR1 (the vertex diffuse) or COLOR2 (the vertex specular)
// and the vertex has that colour; a missing vertex colour falls back to the
// material's. Vertex colours enter clamped to [0, 1]. A null pointer
// is an absent vertex colour.
MaterialColors materialColors(const VertexProcessingState& state, const Vec4* vertexDiffuse, const Vec4* vertexSpecular);

}  // namespace refrast
