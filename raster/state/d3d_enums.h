// SPDX-License-Identifier: MIT
// D3D9 enumerations used by the render state, with D3D9's numeric values.
// Spec: d3d9types.h (D3DCMPFUNC, D3DCULL, D3DFILLMODE, D3DSHADEMODE,
// D3DSTENCILOP, D3DPRIMITIVETYPE, D3DFORMAT for targets).
#pragma once

#include <cstdint>

namespace refrast {

enum class Cmp : uint8_t {  // D3DCMPFUNC
    Never = 1,
    Less = 2,
    Equal = 3,
    LessEqual = 4,
    Greater = 5,
    NotEqual = 6,
    GreaterEqual = 7,
    Always = 8,
};

enum class CullMode : uint8_t { None = 1, CW = 2, CCW = 3 };              // D3DCULL
enum class FillMode : uint8_t { Point = 1, Wireframe = 2, Solid = 3 };    // D3DFILLMODE
enum class ShadeMode : uint8_t { Flat = 1, Gouraud = 2, Phong = 3 };      // D3DSHADEMODE

enum class StencilOp : uint8_t {  // D3DSTENCILOP
    Keep = 1,
    Zero = 2,
    Replace = 3,
    IncrSat = 4,
    DecrSat = 5,
    Invert = 6,
    Incr = 7,
    Decr = 8,
};

enum class PrimitiveType : uint8_t {  // D3DPRIMITIVETYPE
    TriangleList = 4,
    TriangleStrip = 5,
    TriangleFan = 6,
    // Lines and points (docs/fixed-function.md §2.5); numbered after the
    // triangles here, read by name or by the generated table's number.
    PointList,
    LineList,
    LineStrip,
};

// Render-target formats (D3DFORMAT codes, d3d9types.h).
enum class ColorFormat : uint8_t {
    A8R8G8B8 = 21,
    X8R8G8B8 = 22,
    R5G6B5 = 23,
    X1R5G5B5 = 24,
    A1R5G5B5 = 25,
    A4R4G4B4 = 26,
    X4R4G4B4 = 30,
};
enum class DepthFormat : uint8_t {
    D16Lockable = 70,
    D32 = 71,
    D15S1 = 73,
    D24S8 = 75,
    D24X8 = 77,
    D24X4S4 = 79,
    D16 = 80,
    D32F = 82,  // D3DFMT_D32F_LOCKABLE
    D24FS8 = 83,
};

// Bits per channel of a colour format (alpha 0: the format has none).
struct ColorBits {
    int r, g, b, a;
};
constexpr ColorBits colorBits(ColorFormat f) {
    switch (f) {
        case ColorFormat::A8R8G8B8: return {8, 8, 8, 8};
        case ColorFormat::X8R8G8B8: return {8, 8, 8, 0};
        case ColorFormat::R5G6B5: return {5, 6, 5, 0};
        case ColorFormat::X1R5G5B5: return {5, 5, 5, 0};
        case ColorFormat::A1R5G5B5: return {5, 5, 5, 1};
        case ColorFormat::A4R4G4B4: return {4, 4, 4, 4};
        case ColorFormat::X4R4G4B4: return {4, 4, 4, 0};
    }
    return {8, 8, 8, 8};
}

// Depth bits of a UNORM depth format (0: the depth is a binary32 float) and stencil bits.
constexpr int depthBits(DepthFormat f) {
    switch (f) {
        case DepthFormat::D16Lockable:
        case DepthFormat::D16: return 16;
        case DepthFormat::D15S1: return 15;
        case DepthFormat::D24S8:
        case DepthFormat::D24X8:
        case DepthFormat::D24X4S4: return 24;
        case DepthFormat::D32: return 32;
        case DepthFormat::D32F:
        case DepthFormat::D24FS8: return 0;
    }
    return 24;
}
constexpr int stencilBits(DepthFormat f) {
    switch (f) {
        case DepthFormat::D24S8:
        case DepthFormat::D24FS8: return 8;
        case DepthFormat::D24X4S4: return 4;
        case DepthFormat::D15S1: return 1;
        default: return 0;
    }
}

// Which screen position pixel (i, j) samples (docs/fixed-function.md §1.2).
enum class PixelCenter : uint8_t {
    Integer,  // D3D9 and earlier: (i, j)
    Half,     // D3D10+/GL/Vulkan: (i + 0.5, j + 0.5)
};

}  // namespace refrast
