// SPDX-License-Identifier: MIT
#include "raster/pixel/pixel_stage.h"

#include "raster/pixel/fixed_function_pixel.h"
#include "raster/pixel/stage_sampling.h"

namespace refrast {

namespace {
Rgba rgbaAt(const float* v) { return {v[0], v[1], v[2], v[3]}; }
}  // namespace

Rgba shadePixel(const DrawContext& ctx, const QuadFragments& quad, int k) {
    const float* v = quad.varying[k];
    PixelInputs in;
    in.stages.diffuse = rgbaAt(v + VaryingLayout::kDiffuse);
    in.stages.specular = rgbaAt(v + VaryingLayout::kSpecular);
    sampleStages(ctx.draw->state.pixel, *ctx.scene, ctx.vertices.layout, quad, k, in.stages);
    in.fog.depthZ = quad.z[k];                           // window depth before clamping (§7.4)
    in.fog.depthW = v[VaryingLayout::kViewPos + 2];      // eye depth; 1/rhw for XYZRHW
    in.fog.vertexFactor = v[VaryingLayout::kFog];        // PERVERTEX: the interpolated factor
    in.fog.vertexDistance = v[VaryingLayout::kFog];      // PERPIXEL: the interpolated distance
    in.fog.specularAlpha = in.stages.specular.a;
    in.viewDepth = v[VaryingLayout::kViewPos + 2];
    in.hasNormals = !ctx.draw->vertices.normal.empty();
    return fixedFunctionPixel(ctx.draw->state.pixel, ctx.fog, in);
}

}  // namespace refrast
