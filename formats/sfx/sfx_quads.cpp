// SPDX-License-Identifier: MIT
// Camera-facing particle quads (docs/sfx.md "Drawing").
// Spec: shared/spec/legacy-behaviours.md §3.1.
#include "formats/sfx/sfx_quads.h"

#include <cmath>

namespace refrast::sfx {

namespace {

float clamp01(float v) { return v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v); }

Vec3 normalised(float x, float y, float z) {
    const float len = std::sqrt(x * x + y * y + z * z);
    return {x / len, y / len, z / len};
}

Vec4 drawColour(const SfxParticle& p, const SfxModelParams& m) {
    const auto channel = [&](float v) { return m.clampForDrawing ? clamp01(v) : v; };
    return {channel(p.rgb[0]), channel(p.rgb[1]), channel(p.rgb[2]), channel(p.alpha) * occlusionForHeat(p.heat, m)};
}

}  // namespace

float occlusionForHeat(float heat, const SfxModelParams& m) {
    return m.occlusionCold + (m.occlusionHot - m.occlusionCold) * clamp01(heat);
}

std::vector<SfxQuad> expandToQuads(const SimulatedFrame& frame, const Vec3& effectPosition, const Mat4& view,
                                   const SfxModelParams& m) {
    // Row-vector convention: view-space x = dot(world, column 0), y = column 1.
    const Vec3 right = normalised(view(0, 0), view(1, 0), view(2, 0));
    const Vec3 up = normalised(view(0, 1), view(1, 1), view(2, 1));
    std::vector<SfxQuad> quads;
    quads.reserve(frame.particles.size());
    for (const SfxParticle& p : frame.particles) {
        const Vec3 centre = effectPosition + p.position;
        const Vec3 r = right * p.size;
        const Vec3 u = up * p.size;
        SfxQuad q;
        q.particleId = p.id;
        q.cornersWorld = {centre - r + u, centre + r + u, centre + r - u, centre - r - u};
        q.uv = {Vec2(0.0f, 0.0f), Vec2(1.0f, 0.0f), Vec2(1.0f, 1.0f), Vec2(0.0f, 1.0f)};
        q.rgba = drawColour(p, m);
        q.radius = p.size;
        quads.push_back(q);
    }
    return quads;
}

}  // namespace refrast::sfx
