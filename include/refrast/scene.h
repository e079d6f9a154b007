// SPDX-License-Identifier: MIT
// The validated, immutable description of one captured frame: its surfaces
// (render targets, depth/stencil buffers), the textures, the draws with their
// full legacy (D3D9) state, and the commands that order draws, clears and
// copies. Built by loadScene() (formats/scene/) from version 1 or 2 files and
// consumed by render(). docs/scene-format.md describes the JSON.
#pragma once

#include "raster/math/vec.h"
#include "raster/state/draw_state.h"
#include "raster/texture/texture.h"

#include <array>
#include <cstdint>
#include <optional>
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
    // Vertex blending (docs/fixed-function.md §18): the explicit blend
    // weights (XYZB1..5 betas or BLENDWEIGHT; missing components 0) and the
    // matrix indices, index k in byte k (LASTBETA_UBYTE4 / BLENDINDICES).
    std::vector<Vec4> blendWeight;
    uint8_t blendWeightCount = 0;  // weights each vertex carries, 0..4
    std::vector<uint32_t> blendIndices;
};

// D3DTS_WORLDMATRIX(n) for n 0..255 (D3DTS_WORLD is n = 0).
constexpr int kMaxWorldMatrices = 256;

struct DrawTransform {
    Mat4 world = Mat4::Identity();
    Mat4 view = Mat4::Identity();
    Mat4 projection = Mat4::Identity();
    // WORLDMATRIX(1..): worldMatrices[n - 1]; a matrix beyond the end is the
    // identity (a device's initial world matrices). Read by vertex blending only.
    std::vector<Mat4> worldMatrices;

    const Mat4& worldMatrix(int n) const {
        static const Mat4 identity = Mat4::Identity();
        if (n == 0) return world;
        return size_t(n) <= worldMatrices.size() ? worldMatrices[size_t(n - 1)] : identity;
    }
};

// Surfaces are referenced by index into Scene::surfaces; kNoSurface = none.
constexpr int kNoSurface = -1;

struct Draw {
    std::string name;
    // Where it draws: colour and depth/stencil surfaces and the D3DVIEWPORT9.
    // A scene built without commands (version 1 in code) draws into its
    // target, and an unset viewport is the target's.
    int colorSurface = 0;
    int depthSurface = 1;
    std::optional<Viewport> viewport;
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

// A render target or depth/stencil buffer (docs/scene-format.md "surfaces").
struct SurfaceDesc {
    enum class Kind : uint8_t { Color, DepthStencil };
    std::string name;
    Kind kind = Kind::Color;
    int width = 0, height = 0;
    ColorFormat colorFormat = ColorFormat::A8R8G8B8;
    DepthFormat depthFormat = DepthFormat::D24S8;
    int texture = -1;  // the Scene::textures slot draws sample it through; -1: never sampled
};

// A rectangle of pixels, right and bottom exclusive.
struct SurfaceRect {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool empty() const { return x0 >= x1 || y0 >= y1; }
};

// IDirect3DDevice9::Clear, resolved: the rectangles are already clipped to
// the viewport and scissor rectangle (docs/fixed-function.md §15.3).
struct ClearCommand {
    bool target = false, zbuffer = false, stencil = false;  // D3DCLEAR_TARGET / ZBUFFER / STENCIL
    uint32_t color = 0;  // D3DCOLOR
    float z = 1.0f;
    uint8_t stencilValue = 0;
    int colorSurface = 0, depthSurface = kNoSurface;
    std::vector<SurfaceRect> rects;
};

// IDirect3DDevice9::ColorFill and StretchRect.
struct ColorFillCommand {
    int surface = 0;
    SurfaceRect rect;
    uint32_t color = 0;
};
struct StretchRectCommand {
    int source = 0, dest = 0;
    SurfaceRect sourceRect, destRect;
    bool linear = false;  // D3DTEXF_LINEAR; else nearest (NONE/POINT)
};

// One entry of the frame's command stream; `index` selects the draw, clear,
// fill or copy in the Scene's array of that kind.
struct Command {
    enum class Kind : uint8_t { Clear, Draw, ColorFill, StretchRect };
    Kind kind = Kind::Draw;
    uint32_t index = 0;
};

struct Scene {
    std::string file;  // where it was loaded from, for messages
    // The output surface's size and formats, the pixel-centre convention and
    // (version 1) the clear values and viewport. A scene with no commands is
    // version 1's special case: clear the target, then every draw in order.
    RenderTargetDesc target;
    std::vector<SurfaceDesc> surfaces;  // empty: surface 0 = target colour, 1 = target depth
    std::vector<Command> commands;
    std::vector<ClearCommand> clears;
    std::vector<ColorFillCommand> colorFills;
    std::vector<StretchRectCommand> stretchRects;
    int outputSurface = 0;   // the colour surface render() returns
    int depthOutputSurface = 1;  // the depth surface --view depth / --depth-out read (kNoSurface: none)
    std::vector<Texture> textures;
    std::vector<Draw> draws;
    float time = 0.0f;  // seconds, for animated state (texture scroll)
    GateSpec gate;
};

// Loads and validates a scene file; throws InputError naming the file and the
// JSON pointer of the first problem.
Scene loadScene(const std::string& path);

}  // namespace refrast
