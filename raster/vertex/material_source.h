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
// Where one material colour comes from, decided per draw (`vertexDiffuse`,
// `vertexSpecular`: the draw's vertices have that colour): the material's
// own, or the vertex diffuse or specular colour, clamped to [0, 1].
enum class MaterialInput : uint8_t { Material, VertexDiffuse, VertexSpecular };
MaterialInput materialInput(MaterialColorSource source, bool colorVertex, bool vertexDiffuse, bool vertexSpecular);

MaterialColors materialColors(const VertexProcessingState& state, const Vec4* vertexDiffuse, const Vec4* vertexSpecular);

}  // namespace refrast
