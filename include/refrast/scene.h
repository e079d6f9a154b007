// SPDX-License-Identifier: MIT
// The validated, immutable description of one captured frame: the render
// target, the textures and the draws in submission order, each with its full
// legacy (D3D9) state. Built by loadScene() (formats/scene/) and consumed by
// render(). docs/scene-format.md describes the JSON it is read from.
#pragma once

#include "raster/math/vec.h"
#include "raster/state/draw_state.h"
#include "raster/texture/texture.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace refrast {

constexpr int kMaxTargetSide = 16384;  // D3D11's maximum texture/target side
constexpr int kMaxTexcoordSets = 8;    // D3DDP_MAXTEXCOORD

// D3DVIEWPORT9.
struct Viewport {
    int x = 0, y = 0, width = 0, height = 0;
    float minZ = 0.0f, maxZ = 1.0f;
};

struct RenderTargetDesc {
    int width = 0, height = 0;
    ColorFormat colorFormat = ColorFormat::A8R8G8B8;
    DepthFormat depthFormat = DepthFormat::D24S8;
    uint32_t clearColor = 0x00000000;  // D3DCOLOR 0xAARRGGBB
    float clearDepth = 1.0f;
    uint8_t clearStencil = 0;
    PixelCenter pixelCenter = PixelCenter::Integer;
    Viewport viewport;  // defaults to the whole target
};

// Structure-of-arrays vertex data of one draw. Absent attributes are empty and
// read as D3D's defaults (diffuse white; specular per docs/fixed-function.md).
struct VertexData {
    size_t count = 0;
    bool pretransformed = false;  // D3DFVF_XYZRHW: position is (x, y, z, rhw) in pixels
    std::vector<Vec4> position;   // untransformed: (x, y, z, w) object space, w = 1 for XYZ
    std::vector<Vec3> normal;     // empty: geometry without normals
    std::vector<Vec4> diffuse;    // RGBA floats, may lie outside [0, 1]
    std::vector<Vec4> specular;
    std::array<std::vector<Vec4>, kMaxTexcoordSets> texcoord;  // (u, v, w, q); missing components 0, q 1
    std::array<uint8_t, kMaxTexcoordSets> texcoordSize{};      // authored component count, 0 = absent
};

struct DrawTransform {
    Mat4 world = Mat4::Identity();
    Mat4 view = Mat4::Identity();
    Mat4 projection = Mat4::Identity();
};

struct Draw {
    std::string name;
    PrimitiveType primitive = PrimitiveType::TriangleList;
    VertexData vertices;
    std::vector<uint32_t> indices;  // empty: non-indexed
    bool indexed = false;
    DrawTransform transform;
    DrawState state;
};

// A rectangle of the gate with thresholds of its own (docs/scene-format.md
// "gate"): it must pass them in addition to the whole image's gate.
struct GateRegion {
    std::string name;
    int left = 0, top = 0, right = 0, bottom = 0;  // right and bottom exclusive
    double maxFraction = -1;   // < 0: not set (every threshold below too)
    int64_t maxPixels = -1;
    int maxDelta = -1;
    double maxMeanError = -1;
};

// The scene's golden-image gate (docs/scene-format.md "gate"): exact by default.
struct GateSpec {
    int tolerance = 0;           // per-channel |delta| a pixel may differ by and still match
    double maxFraction = -1;     // < 0: not set
    int64_t maxPixels = -1;      // < 0: not set
    int positionDeviation = 0;   // pixels, for the two-way edge-tolerant compare
    int maxDelta = -1;           // < 0: not set
    double maxMeanError = -1;    // < 0: not set
    bool ignoreAlpha = false;    // compare R, G, B only
    std::string mask;            // mask image, resolved against the scene's directory; empty: none
    std::vector<GateRegion> regions;
    // Knife-edge pixels (docs/ambiguity.md): their own tolerance (< 0: not
    // set), or not compared at all.
    int ambiguousTolerance = -1;
    bool ambiguousIgnore = false;
    bool usesAmbiguity() const { return ambiguousTolerance >= 0 || ambiguousIgnore; }
    std::string reason;          // why the scene is not compared exactly (reports show it)
};

struct Scene {
    std::string file;  // where it was loaded from, for messages
    RenderTargetDesc target;
    std::vector<Texture> textures;
    std::vector<Draw> draws;
    float time = 0.0f;  // seconds, for animated state (texture scroll)
    GateSpec gate;
};

// Loads and validates a scene file; throws InputError naming the file and the
// JSON pointer of the first problem.
Scene loadScene(const std::string& path);

}  // namespace refrast
