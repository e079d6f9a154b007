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

enum class PrimitiveType : uint8_t {  // D3DPRIMITIVETYPE (triangles only)
    TriangleList = 4,
    TriangleStrip = 5,
    TriangleFan = 6,
};

// Render-target formats (D3DFORMAT codes).
enum class ColorFormat : uint8_t { A8R8G8B8 = 21, X8R8G8B8 = 22 };
enum class DepthFormat : uint8_t { D24S8 = 75, D32F = 82 };  // D3DFMT_D24S8, D3DFMT_D32F_LOCKABLE

// Which screen position pixel (i, j) samples (docs/fixed-function.md §1.2).
enum class PixelCenter : uint8_t {
    Integer,  // D3D9 and earlier: (i, j)
    Half,     // D3D10+/GL/Vulkan: (i + 0.5, j + 0.5)
};

}  // namespace refrast
