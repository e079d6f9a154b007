// SPDX-License-Identifier: MIT
// Everything one draw call carries besides its geometry: the D3D9 state block.
#pragma once

#include "raster/state/pixel_state.h"
#include "raster/state/render_state.h"
#include "raster/state/vertex_processing_state.h"

namespace refrast {

struct DrawState {
    RasterizerState rasterizer;
    PointState point;
    DepthState depth;
    StencilState stencil;
    ScissorState scissor;
    ColorWriteState colorWrite;
    PixelState pixel;
    VertexProcessingState vertex;  // lighting and material (docs/fixed-function.md §16)
};

}  // namespace refrast
