// SPDX-License-Identifier: MIT
// Small builders for scenes made in code, so a test arranges only the state it
// is about (HOUSE-STYLE 4.6).
#pragma once

#include "raster/framebuffer.h"
#include "raster/pipeline.h"
#include "refrast/scene.h"

#include <cstdint>
#include <string>
#include <vector>

namespace refrast::test {

inline Scene sceneOf(int width, int height, uint32_t clearArgb = 0xFF000000) {
    Scene s;
    s.target.width = width;
    s.target.height = height;
    s.target.clearColor = clearArgb;
    s.target.viewport = Viewport{0, 0, width, height, 0.0f, 1.0f};
    return s;
}

inline Vec4 argb(uint32_t c) {
    return Vec4(float((c >> 16) & 0xFF) / 255.0f, float((c >> 8) & 0xFF) / 255.0f, float(c & 0xFF) / 255.0f,
                float(c >> 24) / 255.0f);
}

// A pre-transformed (XYZRHW, rhw 1) triangle list from (x, y, z) triples.
inline Draw xyzrhwTriangles(const std::vector<float>& xyz, uint32_t colorArgb) {
    Draw d;
    d.vertices.pretransformed = true;
    d.vertices.count = xyz.size() / 3;
    for (size_t i = 0; i < d.vertices.count; ++i) {
        d.vertices.position.emplace_back(xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2], 1.0f);
        d.vertices.diffuse.push_back(argb(colorArgb));
    }
    d.state.rasterizer.cullMode = CullMode::None;
    return d;
}

// An axis-aligned rectangle [x0, x1) x [y0, y1) at depth z as two triangles
// (x0,y0)(x1,y0)(x1,y1) and (x0,y0)(x1,y1)(x0,y1): clockwise, so front-facing.
inline Draw xyzrhwRect(float x0, float y0, float x1, float y1, float z, uint32_t colorArgb) {
    return xyzrhwTriangles({x0, y0, z, x1, y0, z, x1, y1, z, x0, y0, z, x1, y1, z, x0, y1, z}, colorArgb);
}

inline Framebuffer renderFramebuffer(const Scene& s, int threads = 1) {
    Framebuffer fb(s.target);
    renderFrame(s, fb, threads);
    return fb;
}

inline uint32_t pixelArgb(const Framebuffer& fb, int x, int y) {
    const uint8_t* p = &fb.color[fb.index(x, y) * 4];
    return uint32_t(p[3]) << 24 | uint32_t(p[0]) << 16 | uint32_t(p[1]) << 8 | p[2];
}

}  // namespace refrast::test
