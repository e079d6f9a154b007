// SPDX-License-Identifier: MIT
// Per-vertex fixed-function lighting in camera space: the sum over the
// enabled lights of ambient, diffuse and specular, plus the global ambient
// and the emissive colour.
// Spec: D3D9 "Mathematics of Lighting", "Ambient/Diffuse/Specular/Emissive
// Lighting"; docs/fixed-function.md §16. Implements directional, point and
// spot lights, local and orthogonal viewers; does not implement D3D7 ramp
// lighting (D3DLIGHTINGMODEL_MONO, removed in D3D8).
#pragma once

#include "raster/lanes/simd_level.h"
#include "raster/state/vertex_processing_state.h"
#include "raster/vertex/material_source.h"
#include "raster/vertex/normal_transform.h"
#include "raster/vertex/spot_factor.h"

#include <array>
#include <cstddef>

namespace refrast {

// One enabled light moved to camera space, fixed for the draw.
struct CameraLight {
    Light light;           // colours, range, attenuation (positions below)
    Vec3 posView;          // point and spot: Position · View
    Vec3 dirView;          // unit, Direction · View (the way the light shines)
    SpotCone cone;         // spot lights
};

// Everything per draw the lighting of one vertex needs.
struct LightingSetup {
    std::array<CameraLight, kMaxActiveLights> lights{};
    int count = 0;                // enabled lights, in index order
    ColorValue globalAmbient;     // D3DRS_AMBIENT decoded
    bool localViewer = true;
    float power = 0.0f;           // D3DMATERIAL9.Power
    LightingOptions options;
};

LightingSetup setupLighting(const VertexProcessingState& state, const Mat4& view);

struct LitColors {
    ColorValue diffuse;   // rgb saturated, alpha = the diffuse material source's alpha
    ColorValue specular;  // rgb saturated; alpha 0 (the caller keeps the vertex's)
};

// The vertex at posView with the camera-space normal nView (zero when the
// vertex has none: every dot product is then 0, D3DRS_LIGHTING doc):
//     diffuse.rgb  = sat((Ce + Ca·(Ga + Σ La·Atten·Spot)) + Cd·Σ Ld·(N·L)·Atten·Spot)
//     specular.rgb = sat(Cs·Σ Ls·(N·H)^P·Atten·Spot)       (only where N·L > 0)
// with N·L and N·H clamped at 0, the sums in light index order. The specular
// sum is skipped when `withSpecular` is false (nothing reads it).
LitColors lightVertex(const LightingSetup& setup, const MaterialColors& material, const Vec3& posView,
                      const Vec3& nView, bool withSpecular);

// The lighting of a draw in plain floats, as the lane kernel
// (vertex_lighting.inl, compiled at every SIMD level) reads it: the kernels
// call no Eigen code. lightVertex is the kernel at width 1.
struct KernelLight {
    LightType type = LightType::Directional;
    float position[3] = {};   // camera space (point, spot)
    float direction[3] = {};  // camera space, unit (the way the light shines)
    float ambient[3] = {}, diffuse[3] = {}, specular[3] = {};
    float range = 0, attenuation0 = 0, attenuation1 = 0, attenuation2 = 0;
    float cosHalfTheta = 1, cosHalfPhi = 1, falloff = 1;  // SpotCone
};
KernelLight kernelLight(const CameraLight& light);

// The vertex normals the kernel reads: none (zero), object space (times the
// normal matrix) or camera space already (vertex blending).
enum class NormalInput : uint8_t { None, Object, View };

struct LightingKernel {
    KernelLight lights[kMaxActiveLights] = {};  // (C arrays: no inline std::array code in the kernels)
    int count = 0;
    float globalAmbient[3] = {};
    bool localViewer = true;
    bool rangeCutoff = true;   // LightRangeRule::Cutoff
    bool spotLinear = false;   // SpotFalloffRule::Linear
    bool specular = false;     // the specular sum runs: it is read, and Power 0 does not switch it off
    float power = 0;
    MaterialInput source[4] = {};  // diffuse, ambient, specular, emissive
    float material[4][4] = {};              // the same four material colours, RGBA
    NormalInput normals = NormalInput::None;
    bool normalize = false;     // NORMALIZENORMALS
    float normalMatrix[9] = {};  // NormalMatrix, for NormalInput::Object
};

// `vertexDiffuse`/`vertexSpecular`: the draw has that vertex colour (else the
// material's is used, §16.2); `specularRead`: the pixel state reads specular.
LightingKernel lightingKernel(const LightingSetup& setup, const VertexProcessingState& state,
                              const NormalMatrix& normals, NormalInput normalInput, bool vertexDiffuse,
                              bool vertexSpecular, bool specularRead);

// One batch of vertices, vertex k's inputs at k times their stride.
struct LightingBatch {
    const float* posView = nullptr;   // camera space, 4 floats per vertex
    const float* normal = nullptr;    // 3 floats per vertex (unless NormalInput::None)
    const float* diffuse = nullptr;   // vertex colours, 4 floats per vertex (read per MaterialInput)
    const float* specular = nullptr;
    float* varyings = nullptr;        // the records' varying blocks, `stride` floats apart
    int stride = 0;
    int specularAt = -1;              // varying offset of specular, or -1: only diffuse is written
};

// Lights `count` vertices: diffuse RGBA and specular RGB (when specularAt ≥
// 0) of their varyings; specular alpha is left as it is.
void lightVertices(const LightingKernel& kernel, const LightingBatch& batch, size_t count);
void lightVertices(SimdLevel level, const LightingKernel& kernel, const LightingBatch& batch, size_t count);

}  // namespace refrast
