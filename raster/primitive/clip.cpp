// SPDX-License-Identifier: MIT
#include "raster/primitive/clip.h"

#include <array>
#include <cmath>

namespace refrast {

namespace {

constexpr int kMaxPolygon = 3 + kClipPlaneCount;  // each plane adds at most one vertex

float planeDistance(const Vec4& plane, const float* r) {
    return plane[0] * r[0] + plane[1] * r[1] + plane[2] * r[2] + plane[3] * r[3];
}

// in + t * (out - in), t = dIn / (dIn - dOut), for every float of the record.
void intersect(const float* in, float dIn, const float* out, float dOut, int stride, float* result) {
    const float t = dIn / (dIn - dOut);
    for (int k = 0; k < stride; ++k) result[k] = in[k] + t * (out[k] - in[k]);
}

// A clip coordinate that overflowed float (e.g. an XYZRHW x of 3e38 times
// w = 2) turns into infinity and then NaN at a cut; such a primitive lies
// beyond anything float window coordinates can place, and is dropped.
bool windowFinite(const float* r) {
    return std::isfinite(r[kRecordWindow + 0]) && std::isfinite(r[kRecordWindow + 1]) &&
           std::isfinite(r[kRecordWindow + 2]) && std::isfinite(r[kRecordWindow + 3]);
}

}  // namespace

int clipTriangle(const ClipVolume& clip, const WindowMapping& window, int stride, const float* a, const float* b,
                 const float* c, std::vector<float>& out) {
    // Two ping-pong polygon buffers of records.
    std::array<std::vector<float>, 2> poly;
    poly[0].assign(a, a + stride);
    poly[0].insert(poly[0].end(), b, b + stride);
    poly[0].insert(poly[0].end(), c, c + stride);
    int cur = 0;
    for (int k = 0; k < kClipPlaneCount; ++k) {
        if (!(clip.active >> k & 1)) continue;
        const std::vector<float>& src = poly[cur];
        std::vector<float>& dst = poly[cur ^ 1];
        dst.clear();
        const int n = int(src.size()) / stride;
        for (int i = 0; i < n; ++i) {
            const float* p = &src[size_t(i) * stride];
            const float* q = &src[size_t((i + 1) % n) * stride];
            const float dp = planeDistance(clip.planes[k], p), dq = planeDistance(clip.planes[k], q);
            const bool pIn = dp >= 0.0f, qIn = dq >= 0.0f;
            if (pIn) dst.insert(dst.end(), p, p + stride);
            if (pIn != qIn) {
                const size_t at = dst.size();
                dst.resize(at + size_t(stride));
                if (pIn) intersect(p, dp, q, dq, stride, &dst[at]);
                else intersect(q, dq, p, dp, stride, &dst[at]);
            }
        }
        cur ^= 1;
        if (poly[cur].size() < size_t(3 * stride)) return 0;
    }
    const int n = int(poly[cur].size()) / stride;
    if (n > kMaxPolygon) return 0;  // unreachable for a convex input; guards the budget
    for (int i = 0; i < n; ++i) {
        float* r = &poly[cur][size_t(i) * stride];
        if (!(r[3] > 0.0f)) return 0;  // w <= 0 survives only for degenerate inputs
        mapToWindow(window, r);
        if (!windowFinite(r)) return 0;
    }
    out.insert(out.end(), poly[cur].begin(), poly[cur].end());
    return n;
}

bool clipSegment(const ClipVolume& clip, const WindowMapping& window, int stride, const float* a, const float* b,
                 std::vector<float>& out) {
    std::vector<float> p(a, a + stride), q(b, b + stride), cut(static_cast<size_t>(stride), 0.0f);
    for (int k = 0; k < kClipPlaneCount; ++k) {
        if (!(clip.active >> k & 1)) continue;
        const float dp = planeDistance(clip.planes[k], p.data()), dq = planeDistance(clip.planes[k], q.data());
        const bool pIn = dp >= 0.0f, qIn = dq >= 0.0f;
        if (!pIn && !qIn) return false;
        if (pIn && qIn) continue;
        if (pIn) {
            intersect(p.data(), dp, q.data(), dq, stride, cut.data());
            q = cut;
        } else {
            intersect(q.data(), dq, p.data(), dp, stride, cut.data());
            p = cut;
        }
    }
    if (!(p[3] > 0.0f) || !(q[3] > 0.0f)) return false;
    mapToWindow(window, p.data());
    mapToWindow(window, q.data());
    if (!windowFinite(p.data()) || !windowFinite(q.data())) return false;
    out.insert(out.end(), p.begin(), p.end());
    out.insert(out.end(), q.begin(), q.end());
    return true;
}

}  // namespace refrast
