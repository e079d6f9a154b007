// SPDX-License-Identifier: MIT
// The position half of the vertex stage over lanes (raster/vertex/vertex_position.h):
// included once by each vertex_position_<level>.cpp after it sets
// REFRAST_LANES_TARGET. Each lane is one vertex and does the scalar
// formula's IEEE operations in its order.
#include "raster/lanes/lanes.h"
#include "raster/rasterize/fixed_point.h"
#include "raster/vertex/vertex_position.h"

namespace refrast::REFRAST_LANES_NS {

namespace {

struct Position {
    F x, y, z, w;
};

// The draw's constants, each splat once per call into every lane (the
// kernel's stores could alias PositionTransform, so the compiler would not
// hoist them itself).
struct Matrix {
    F m[16];  // row-major
};
struct WindowLanes {
    bool pretransformed;
    F x, y, halfWidth, halfHeight, minZ, zScale;  // WindowMapping
};
struct PlaneLanes {
    int count;
    F planes[kClipPlaneCount][4];  // the active ones, in bit order
    F bit[kClipPlaneCount];        // 2^k of each
};
struct Prepared {
    bool hasWorldView;
    Matrix worldView, projection;
    WindowLanes window;
    PlaneLanes planes;
    F snapShift;
};

Matrix splatMatrix(const float* m) {
    Matrix out;
    for (int k = 0; k < 16; ++k) out.m[k] = splat(m[k]);
    return out;
}

WindowLanes prepareWindow(const WindowMapping& m) {
    return {m.pretransformed, splat(m.x), splat(m.y), splat(m.halfWidth), splat(m.halfHeight), splat(m.minZ),
            splat(m.zScale)};
}

PlaneLanes preparePlanes(const PositionTransform& t) {
    PlaneLanes p;
    p.count = 0;
    for (int k = 0; k < kClipPlaneCount; ++k) {
        if (!(t.active >> k & 1)) continue;
        for (int c = 0; c < 4; ++c) p.planes[p.count][c] = splat(t.planes[k][c]);
        p.bit[p.count++] = splat(float(1 << k));
    }
    return p;
}

Prepared prepare(const PositionTransform& t) {
    Prepared p;
    p.hasWorldView = t.worldView != nullptr;
    if (p.hasWorldView) p.worldView = splatMatrix(t.worldView);
    p.projection = splatMatrix(t.projection);
    p.window = prepareWindow(t.window);
    p.planes = preparePlanes(t);
    p.snapShift = splat(t.snapShift);
    return p;
}

// D3D's v · M for a row vector (docs/fixed-function.md §1.1), column j summed
// in pairs, (v0 m0j + v1 m1j) + (v2 m2j + v3 m3j): the order of the Eigen
// products (transformRow) the rest of the vertex stage uses.
F column(const Position& v, const Matrix& m, int j) {
    return (v.x * m.m[j] + v.y * m.m[4 + j]) + (v.z * m.m[8 + j] + v.w * m.m[12 + j]);
}
Position transformRow(const Position& v, const Matrix& m) {
    return {column(v, m, 0), column(v, m, 1), column(v, m, 2), column(v, m, 3)};
}

// Viewport transform (docs/fixed-function.md §1.2, [WINE-PRIV]):
// X = vp.X + (1 + x/w) * W/2, Y = vp.Y + (1 - y/w) * H/2,
// Zw = MinZ + z/w * (MaxZ' - MinZ), and 1/w; XYZRHW: (x/w, y/w, z/w, 1/w).
Position windowPosition(const WindowLanes& m, const Position& c) {
    const F one = splat(1.0f);
    const F invW = one / c.w;
    if (m.pretransformed) return {c.x * invW, c.y * invW, c.z * invW, invW};
    return {m.x + (one + c.x * invW) * m.halfWidth, m.y + (one - c.y * invW) * m.halfHeight,
            m.minZ + c.z * invW * m.zScale, invW};
}

// Bit k set when the position is not inside active plane k: !(dot >= 0), so
// NaN is outside every plane. The dot product is summed in pairs like Eigen's
// Vec4::dot. Bits are summed as floats (at most 2^12 - 1: exact).
I32 outcodeOf(const PlaneLanes& t, const Position& p) {
    const F zero = splat(0.0f);
    F code = zero;
    for (int k = 0; k < t.count; ++k) {
        const F* q = t.planes[k];
        const F d = (q[0] * p.x + q[1] * p.y) + (q[2] * p.z + q[3] * p.w);
        code = code + select(!(d >= zero), t.bit[k], zero);
    }
    return truncToInt(code);
}

// round(v * 256) half up as floor(v * 256 + 0.5), clamped to +-kMaxFixedCoord
// (std::clamp's comparisons); NaN snaps to 0 (raster/rasterize/fixed_point.h, R-1).
I32 snapLanes(F v) {
    const F scaled = floor(v * splat(float(kSubpixelOne)) + splat(0.5f));
    const F lim = splat(float(kMaxFixedCoord));
    return truncToInt(select(isNan(scaled), splat(0.0f), clamp(scaled, splat(0.0f) - lim, lim)));
}

// kWidth vertices: positions `in` (4 floats each) to posView (4 each), the
// records' clip and window positions, the outcodes and the snapped window x, y.
void transformGroup(const Prepared& t, const float* in, float* posView, float* records, size_t stride,
                    uint16_t* outcode, int32_t* snapped) {
    F p[4];
    loadRecords4(in, 4, p);
    const Position model{p[0], p[1], p[2], p[3]};
    const Position view = t.hasWorldView ? transformRow(model, t.worldView) : model;
    const Position clip = transformRow(view, t.projection);
    const Position window = windowPosition(t.window, clip);
    const F viewLanes[4] = {view.x, view.y, view.z, view.w};
    const F clipLanes[4] = {clip.x, clip.y, clip.z, clip.w};
    const F windowLanes[4] = {window.x, window.y, window.z, window.w};
    storeRecords4(posView, 4, viewLanes);
    storeRecords4(records + kRecordClip, stride, clipLanes);
    storeRecords4(records + kRecordWindow, stride, windowLanes);
    alignas(64) int32_t code[kWidth];
    store(code, outcodeOf(t.planes, clip));
    for (int k = 0; k < kWidth; ++k) outcode[k] = uint16_t(code[k]);
    alignas(64) int32_t sx[kWidth], sy[kWidth];
    store(sx, snapLanes(window.x - t.snapShift));
    store(sy, snapLanes(window.y - t.snapShift));
    for (int k = 0; k < kWidth; ++k) snapped[2 * k] = sx[k], snapped[2 * k + 1] = sy[k];
}

}  // namespace

// Vertices kWidth at a time; a short last group runs through padded scratch
// (zeros in its empty lanes) and copies out only its own vertices.
void transformPositions(const PositionTransform& t, const float* in, size_t count, float* posView, float* records,
                        int stride, uint16_t* outcode, int32_t* snapped) {
    const Prepared prepared = prepare(t);
    const size_t s = size_t(stride);
    size_t i = 0;
    for (; i + size_t(kWidth) <= count; i += size_t(kWidth))
        transformGroup(prepared, in + i * 4, posView + i * 4, records + i * s, s, outcode + i, snapped + i * 2);
    if (i == count) return;
    const size_t n = count - i;
    float tailIn[kWidth * 4] = {}, tailView[kWidth * 4], tailRecords[kWidth * 8];
    uint16_t tailCode[kWidth];
    int32_t tailSnapped[kWidth * 2];
    for (size_t k = 0; k < n * 4; ++k) tailIn[k] = in[i * 4 + k];
    transformGroup(prepared, tailIn, tailView, tailRecords, 8, tailCode, tailSnapped);
    for (size_t k = 0; k < n; ++k) {
        for (int c = 0; c < 4; ++c) posView[(i + k) * 4 + size_t(c)] = tailView[k * 4 + size_t(c)];
        for (int c = 0; c < 8; ++c) records[(i + k) * s + size_t(c)] = tailRecords[k * 8 + size_t(c)];
        outcode[i + k] = tailCode[k];
        snapped[(i + k) * 2] = tailSnapped[k * 2], snapped[(i + k) * 2 + 1] = tailSnapped[k * 2 + 1];
    }
}

#if REFRAST_LANES_TARGET == 0
// The width-1 forms (vertex_position.h): here F is float.
void mapClipToWindow(const WindowMapping& m, float* r) {
    const Position w = windowPosition(prepareWindow(m), {r[0], r[1], r[2], r[3]});
    r[kRecordWindow + 0] = w.x, r[kRecordWindow + 1] = w.y, r[kRecordWindow + 2] = w.z, r[kRecordWindow + 3] = w.w;
}
int32_t snapLane(float v) { return snapLanes(v); }
uint16_t clipOutcode(const PositionTransform& t, const float* p) { return uint16_t(outcodeOf(preparePlanes(t), {p[0], p[1], p[2], p[3]})); }
#endif

}  // namespace refrast::REFRAST_LANES_NS
