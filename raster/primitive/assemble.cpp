// SPDX-License-Identifier: MIT
#include "raster/primitive/assemble.h"

namespace refrast {

size_t triangleCount(PrimitiveType type, size_t n) {
    if (type == PrimitiveType::TriangleList) return n / 3;
    return n >= 3 ? n - 2 : 0;
}

AssembledTriangle assembleTriangle(PrimitiveType type, const std::vector<uint32_t>& indices, size_t k) {
    size_t a = 0, b = 0, c = 0;
    bool flip = false;
    switch (type) {
        case PrimitiveType::TriangleList: a = 3 * k, b = 3 * k + 1, c = 3 * k + 2; break;
        case PrimitiveType::TriangleStrip: a = k, b = k + 1, c = k + 2, flip = (k & 1) != 0; break;
        case PrimitiveType::TriangleFan: a = k + 1, b = k + 2, c = 0; break;
    }
    if (indices.empty()) return {{uint32_t(a), uint32_t(b), uint32_t(c)}, flip};
    return {{indices[a], indices[b], indices[c]}, flip};
}

}  // namespace refrast
