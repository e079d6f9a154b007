// SPDX-License-Identifier: MIT
#include "raster/pixel/cube_sampling.h"

#include "raster/pixel/sample_span.h"
#include "raster/texture/cubemap_faces.h"

#include <cassert>

namespace refrast {

void sampleCubeQuad(const Texture& cube, const SamplerState& sampler, const Vec3 dir[4], uint8_t pixels, Rgba out[4],
                    CubeLodRule rule) {
    assert(cube.type == TextureType::Cube && cube.faces.size() == size_t(kCubemapFaceCount));
    // T-27: whatever ADDRESSU/V say, a face is read with its edge texels
    // clamped (reference §9.2: never the border colour, never the next face).
    SamplerState inFace = sampler;
    inFace.addressU = inFace.addressV = TextureAddress::Clamp;
    // T-26: λ from the derivatives of pixel 0's face coordinates (the quad's
    // reference pixel, as for 2-D stages), by the quotient rule on the
    // direction differences, so every pixel of the quad has one λ even when
    // the quad straddles a face edge. All faces share one size and chain.
    CubemapCoord at[4];
    for (int k = 0; k < 4; ++k)
        if (k < 3 || (pixels >> k & 1)) at[k] = selectCubemapFace(dir[k]);
    Vec2 dx, dy;
    if (rule == CubeLodRule::FaceDifference) {  // the option: each pixel's own face-local (s, t)
        dx = Vec2(at[1].s - at[0].s, at[1].t - at[0].t);
        dy = Vec2(at[2].s - at[0].s, at[2].t - at[0].t);
    } else {
        dx = cubemapFaceDerivative(at[0].face, dir[0], dir[1] - dir[0]);
        dy = cubemapFaceDerivative(at[0].face, dir[0], dir[2] - dir[0]);
    }
    const TextureLod lod = selectTextureLod(cube.faces[size_t(at[0].face)], inFace, dx, dy);
    // The pixels of each face filter as one span.
    for (int f = 0; f < kCubemapFaceCount; ++f) {
        SampleSpan span;
        span.count = 4;
        uint8_t onFace = 0;
        for (int k = 0; k < 4; ++k) {
            if (!(pixels >> k & 1) || int(at[k].face) != f) continue;
            onFace |= uint8_t(1 << k);
            span.u[k] = at[k].s;
            span.v[k] = at[k].t;
        }
        if (!onFace) continue;
        SampledSpan sampled;
        sampleSpan(cube.faces[size_t(f)], inFace, lod, span, sampled);
        for (int k = 0; k < 4; ++k)
            if (onFace >> k & 1) out[k] = sampled.at(k);
    }
}

}  // namespace refrast
