// SPDX-License-Identifier: MIT
// FVF layout: the D3DFVF_* bits of MinGW's d3d9types.h, from the project's
// D3D table (formats/d3d) and, for the texture-coordinate size codes it does
// not hold, generated_d3d_constants.h.
#include "formats/apitrace/fvf_vertices.h"

#include "formats/apitrace/generated_d3d_constants.h"
#include "formats/d3d/d3d_constants.h"

#include <cmath>
#include <cstring>
#include <stdexcept>

namespace refrast::apitrace {
namespace {

using namespace ddraw;
using refrast::d3d::valueOf;

uint32_t positionFloats(uint32_t fvf) {
    const FvfBits& b = fvfBits();
    const uint32_t pos = fvf & b.positionMask;
    if (pos == b.xyz) return 3;
    if (pos == b.xyzrhw || pos == b.xyzw) return 4;
    return 0;
}

// Texture coordinate set i's size in floats: D3DFVF_TEXCOORDSIZEn puts a
// 2-bit code at bit 16 + 2i (TEXTUREFORMAT2 = 0, 1 = 3, 2 = 4, 3 = 1).
uint32_t texcoordFloats(uint32_t fvf, uint32_t i) {
    switch ((fvf >> (16 + 2 * i)) & 3u) {
        case D3DFVF_TEXTUREFORMAT2: return 2;
        case D3DFVF_TEXTUREFORMAT3: return 3;
        case D3DFVF_TEXTUREFORMAT4: return 4;
        default: return 1;  // D3DFVF_TEXTUREFORMAT1
    }
}

}  // namespace

const FvfBits& fvfBits() {
    static const FvfBits bits = [] {
        auto v = [](const char* name) { return uint32_t(refrast::d3d::valueOf("D3DFVF", name).value()); };
        return FvfBits{v("D3DFVF_XYZ"), v("D3DFVF_XYZRHW"), v("D3DFVF_XYZW"), v("D3DFVF_POSITION_MASK"),
                       v("D3DFVF_NORMAL"), v("D3DFVF_PSIZE"), v("D3DFVF_DIFFUSE"), v("D3DFVF_SPECULAR"),
                       v("D3DFVF_TEXCOUNT_MASK"), v("D3DFVF_TEXCOUNT_SHIFT")};
    }();
    return bits;
}

FvfLayout fvfLayout(uint32_t fvf) {
    FvfLayout l;
    const uint32_t pos = positionFloats(fvf);
    if (pos == 0) {
        l.error = (fvf & fvfBits().positionMask) == 0 ? "has no position" : "has blend weights (D3DFVF_XYZBn)";
        return l;
    }
    if (fvf & fvfBits().psize) {
        l.error = "has a point size (fvfBits().psize)";
        return l;
    }
    uint32_t floats = pos + ((fvf & fvfBits().normal) ? 3 : 0);
    uint32_t dwords = ((fvf & fvfBits().diffuse) ? 1 : 0) + ((fvf & fvfBits().specular) ? 1 : 0);
    const uint32_t sets = (fvf & fvfBits().texcountMask) >> fvfBits().texcountShift;
    if (sets > 8) {
        l.error = "has more than 8 texture coordinate sets";
        return l;
    }
    for (uint32_t i = 0; i < sets; ++i) floats += texcoordFloats(fvf, i);
    l.bytes = 4 * (floats + dwords);
    return l;
}

nlohmann::ordered_json fvfVertices(uint32_t fvf, const std::string& blob, uint64_t stride, uint64_t count) {
    const FvfLayout layout = fvfLayout(fvf);
    if (!layout.error.empty()) throw std::runtime_error("the FVF " + layout.error);
    if (stride < layout.bytes)
        throw std::runtime_error("stride " + std::to_string(stride) + " is less than the FVF's " +
                                 std::to_string(layout.bytes) + " bytes");
    if (count > 0 && (count - 1 > (blob.size() / stride) || (count - 1) * stride + layout.bytes > blob.size()))
        throw std::runtime_error("the vertex data holds " + std::to_string(blob.size()) + " bytes, fewer than " +
                                 std::to_string(count) + " vertices of stride " + std::to_string(stride));
    const uint32_t sets = (fvf & fvfBits().texcountMask) >> fvfBits().texcountShift;
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (uint64_t v = 0; v < count; ++v) {
        const char* p = blob.data() + v * stride;
        nlohmann::ordered_json vertex = nlohmann::ordered_json::array();
        auto flt = [&](uint32_t n) {
            for (uint32_t k = 0; k < n; ++k, p += 4) {
                float f;
                std::memcpy(&f, p, 4);
                if (!std::isfinite(f)) throw std::runtime_error("vertex " + std::to_string(v) + " has a non-finite float");
                vertex.push_back(double(f));  // exact: the loader reads back the same float
            }
        };
        auto dword = [&] {
            uint32_t d;
            std::memcpy(&d, p, 4);
            p += 4;
            vertex.push_back(d);
        };
        flt(positionFloats(fvf));
        if (fvf & fvfBits().normal) flt(3);
        if (fvf & fvfBits().diffuse) dword();
        if (fvf & fvfBits().specular) dword();
        for (uint32_t i = 0; i < sets; ++i) flt(texcoordFloats(fvf, i));
        out.push_back(std::move(vertex));
    }
    return out;
}

}  // namespace refrast::apitrace
