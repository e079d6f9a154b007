// SPDX-License-Identifier: MIT
// Texture-coordinate transforms (rules T-12..T-16 in docs/textures.md).
// Spec: D3DTSS_TEXTURETRANSFORMFLAGS; legacy-behaviours §2, §3, §4.1, §4.6.
#include "raster/vertex/texcoord_transform.h"

#include <cassert>
#include <cmath>

namespace refrast {

Vec2 transformTexcoord2D(const Mat4& m, Vec2 uv) {
    const float u = (uv.x() * m(0, 0) + uv.y() * m(1, 0)) + m(2, 0);
    const float v = (uv.x() * m(0, 1) + uv.y() * m(1, 1)) + m(2, 1);
    return Vec2(u, v);
}

Vec2 textureScrollOffset(Vec2 rate, float time) {
    return Vec2(std::fmod(rate.x() * time, 1.0f), std::fmod(rate.y() * time, 1.0f));
}

Vec2 pageCellTexcoord(const Texture& texture, int cell, Vec2 uv) {
    assert(cell >= 0 && size_t(cell) <= texture.pages.size() && !texture.levels.empty());
    if (cell == 0) return uv;
    const PageCell& rect = texture.pages[size_t(cell - 1)];
    const float w = float(texture.levels[0].width), h = float(texture.levels[0].height);
    return Vec2(float(rect.x) / w + uv.x() * float(rect.width) / w, float(rect.y) / h + uv.y() * float(rect.height) / h);
}

Vec2 applyTexcoordModifiers(const TexcoordModifiers& m, const Texture* texture, Vec2 uv, float time) {
    uv = tileTexcoord(uv, m.tiling);
    if (m.scroll != Vec2(0.0f, 0.0f)) uv += textureScrollOffset(m.scroll, time);
    if (m.transform2D) uv = transformTexcoord2D(m.textureTransform, uv);
    if (m.pageCell > 0 && texture) uv = pageCellTexcoord(*texture, m.pageCell, uv);
    return uv;
}

float waterRippleOffset(int64_t clock) {
    assert(clock >= 0);
    return float(clock % 10000) / 10000.0f;
}

}  // namespace refrast
