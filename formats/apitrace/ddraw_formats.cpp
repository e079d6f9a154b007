// SPDX-License-Identifier: MIT
// Spec: DDPIXELFORMAT (ddraw.h): dwFlags DDPF_RGB / ALPHAPIXELS / FOURCC /
// ZBUFFER with dwRGBBitCount and the channel masks, or dwZBufferBitDepth and
// dwStencilBitDepth.
#include "formats/apitrace/ddraw_formats.h"

#include "formats/apitrace/generated_d3d_constants.h"
#include "formats/apitrace/trace_dump.h"
#include "formats/d3d/d3d_constants.h"

#include <stdexcept>

namespace refrast::apitrace::ddraw_formats {

int64_t memberInt(const Value& s, const char* k) {
    const Value* v = s.member(k);
    if (!v || !v->integer()) throw std::runtime_error(std::string("lacks the member ") + k);
    return *v->integer();
}

std::string formatOf(const Value& pf, bool zbuffer) {
    const int64_t flags = memberInt(pf, "dwFlags");
    if (zbuffer) {
        const int64_t bits = memberInt(pf, "dwZBufferBitDepth");
        const int64_t stencil = memberInt(pf, "dwStencilBitDepth");
        if (bits == 16 && stencil == 0) return "D3DFMT_D16";
        if (bits == 32 && stencil == 8) return "D3DFMT_D24S8";
        if (bits == 32 && stencil == 0) return memberInt(pf, "dwZBitMask") == 0xffffff00 ? "D3DFMT_D24X8" : "D3DFMT_D32";
        if (bits == 24 && stencil == 0) return "D3DFMT_D24X8";
        throw std::runtime_error("a Z buffer of " + std::to_string(bits) + " bits with " + std::to_string(stencil) +
                                 " stencil bits");
    }
    if (flags == 0) return "D3DFMT_X8R8G8B8";  // no pixel format: the display's (32-bit under Wine's default)
    if (flags & ddraw::DDPF_FOURCC) {
        const int64_t fourcc = memberInt(pf, "dwFourCC");
        for (const char* n : {"D3DFMT_DXT1", "D3DFMT_DXT3", "D3DFMT_DXT5"})
            if (refrast::d3d::valueOf("D3DFORMAT", n) == fourcc) return n;
        throw std::runtime_error("FourCC " + std::to_string(fourcc) + " is not DXT1, DXT3 or DXT5");
    }
    const int64_t bits = memberInt(pf, "dwRGBBitCount");
    const int64_t r = memberInt(pf, "dwRBitMask"), g = memberInt(pf, "dwGBitMask"), b = memberInt(pf, "dwBBitMask");
    const int64_t a = (flags & ddraw::DDPF_ALPHAPIXELS) ? memberInt(pf, "dwRGBAlphaBitMask") : 0;
    struct M { int64_t bits, r, g, b, a; const char* name; };
    static const M table[] = {{32, 0xff0000, 0xff00, 0xff, 0xff000000, "D3DFMT_A8R8G8B8"},
                              {32, 0xff0000, 0xff00, 0xff, 0, "D3DFMT_X8R8G8B8"},
                              {16, 0xf800, 0x7e0, 0x1f, 0, "D3DFMT_R5G6B5"},
                              {16, 0x7c00, 0x3e0, 0x1f, 0, "D3DFMT_X1R5G5B5"},
                              {16, 0x7c00, 0x3e0, 0x1f, 0x8000, "D3DFMT_A1R5G5B5"},
                              {16, 0xf00, 0xf0, 0xf, 0xf000, "D3DFMT_A4R4G4B4"}};
    if (flags & ddraw::DDPF_RGB)
        for (const M& f : table)
            if (f.bits == bits && f.r == r && f.g == g && f.b == b && f.a == a) return f.name;
    throw std::runtime_error("a pixel format refrast does not read (" + formatValue(pf).substr(0, 200) + ")");
}

std::string displayFormat(int64_t bpp) {
    if (bpp == 32) return "D3DFMT_X8R8G8B8";
    if (bpp == 16) return "D3DFMT_R5G6B5";
    throw std::runtime_error("a display mode of " + std::to_string(bpp) + " bits per pixel (32 and 16 are read)");
}

}  // namespace refrast::apitrace::ddraw_formats
