// SPDX-License-Identifier: MIT
// Marking knife-edge coverage (raster/rasterize/ambiguity.h).
#include "raster/rasterize/ambiguity.h"

#include <cmath>

namespace refrast {

void markEdgeAmbiguity(const TriangleEdges& edges, const PixelBounds& r, uint32_t drawIndex, Framebuffer& fb) {
    // E is in sub-pixel units squared; E / |edge| (|edge| = sqrt(a^2 + b^2) / one)
    // is the signed distance of the sample from the edge in sub-pixels, > 0 inside.
    double margin[3];
    for (int k = 0; k < 3; ++k) {
        const double a = double(edges.e[k].a), b = double(edges.e[k].b);
        margin[k] = double(kEdgeAmbiguitySubpixels) * std::sqrt(a * a + b * b) / double(kSubpixelOne);
    }
    for (int y = r.y0; y < r.y1; ++y)
        for (int x = r.x0; x < r.x1; ++x) {
            bool near = false, robust = true, close = true;
            for (int k = 0; k < 3; ++k) {
                const double e = double(edges.e[k].at(x, y));
                near = near || std::fabs(e) <= margin[k];
                robust = robust && e > margin[k];
                close = close && e >= -margin[k];
            }
            const size_t i = fb.index(x, y);
            if (near && close) fb.nearEdge[i] = drawIndex + 1;
            if (robust) fb.robustCover[i] = drawIndex + 1;
        }
}

}  // namespace refrast
