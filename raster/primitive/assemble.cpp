// SPDX-License-Identifier: MIT
#include "raster/primitive/assemble.h"

namespace refrast {

size_t triangleCount(PrimitiveType type, size_t n) {
    switch (type) {
        case PrimitiveType::TriangleList: return n / 3;
        case PrimitiveType::LineList: return n / 2;
        case PrimitiveType::LineStrip: return n >= 2 ? n - 1 : 0;
        case PrimitiveType::PointList: return n;
        default: return n >= 3 ? n - 2 : 0;
    }
}

bool isLineOrPoint(PrimitiveType type) {
    return type == PrimitiveType::PointList || type == PrimitiveType::LineList || type == PrimitiveType::LineStrip;
}

AssembledLine assembleLineOrPoint(PrimitiveType type, const std::vector<uint32_t>& indices, size_t k) {
    size_t a = k, b = k;  // a point: one vertex
    if (type == PrimitiveType::LineList) a = 2 * k, b = 2 * k + 1;
    else if (type == PrimitiveType::LineStrip) a = k, b = k + 1;
    if (indices.empty()) return {{uint32_t(a), uint32_t(b)}};
    return {{indices[a], indices[b]}};
}

AssembledTriangle assembleTriangle(PrimitiveType type, const std::vector<uint32_t>& indices, size_t k) {
    size_t a = 0, b = 0, c = 0;
    bool flip = false;
    switch (type) {
        case PrimitiveType::TriangleList: a = 3 * k, b = 3 * k + 1, c = 3 * k + 2; break;
        case PrimitiveType::TriangleStrip: a = k, b = k + 1, c = k + 2, flip = (k & 1) != 0; break;
        case PrimitiveType::TriangleFan: a = k + 1, b = k + 2, c = 0; break;
        default: break;  // lines and points: assembleLineOrPoint
    }
    if (indices.empty()) return {{uint32_t(a), uint32_t(b), uint32_t(c)}, flip};
    return {{indices[a], indices[b], indices[c]}, flip};
}

}  // namespace refrast
