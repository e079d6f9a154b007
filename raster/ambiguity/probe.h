// SPDX-License-Identifier: MIT
// The per-fragment probes of the ambiguity map (docs/ambiguity.md): one call
// at each knife-edge decision of the pipeline, doing nothing unless the render
// asked for the map (the framebuffer then has the knife planes and the draw
// context an active probe).
//
// A fragment collects its knife causes in Framebuffer::knifePending (the
// texture probe while shading, the alpha and depth probes while testing);
// its colour write moves them to Framebuffer::knife, replacing the pixel's
// earlier causes unless the write blends or masks channels (then the old
// value still shows). A fragment discarded by a test that was itself a knife
// edge could as well have been written: its causes join the pixel's.
#pragma once

#include "raster/framebuffer.h"
#include "raster/math/vec.h"
#include "raster/pixel/rgba.h"
#include "raster/rasterize/ambiguity.h"
#include "refrast/ambiguity.h"

#include <cstddef>
#include <cstdint>

namespace refrast {

struct Texture;
struct SamplerState;
struct AlphaTestState;
struct DrawState;

// The texture probe, carried by the draw context (the sampler has no
// framebuffer): the pending plane of the draw's target, or none.
struct AmbiguityProbe {
    uint8_t* pending = nullptr;
    int width = 0;

    static AmbiguityProbe of(Framebuffer& fb) {
        return fb.knife.empty() ? AmbiguityProbe{} : AmbiguityProbe{fb.knifePending.data(), fb.width};
    }
    explicit operator bool() const { return pending != nullptr; }

    // Pixel (x, y) sampled `texture` at uv with the quad's derivatives.
    void texture(int x, int y, const Texture& texture, const SamplerState& sampler, Vec2 duvdx, Vec2 duvdy,
                 Vec2 uv) const;
};

// The output merger's probes, called only while fb.knife is not empty.
// The alpha test's outcome `pass` for the fragment's alpha.
void probeAlphaTest(Framebuffer& fb, size_t i, const AlphaTestState& state, float alpha, bool pass);
// The depth test's outcome `pass` for the incoming stored depth, before any depth write.
void probeDepthTest(Framebuffer& fb, size_t i, Cmp zFunc, uint32_t incoming, bool pass);
// The colour write of a surviving fragment, before it changes the stored colour.
void probeColorWrite(Framebuffer& fb, size_t i, const DrawState& state, const Rgba& color);

// The pixel's AmbiguityCause bits, coverage included (0: no knife edge).
inline uint8_t ambiguityCauses(const Framebuffer& fb, size_t i) {
    return uint8_t((coverageAmbiguous(fb, i) ? kKnifeCoverage : 0) | (fb.knife.empty() ? 0 : fb.knife[i]));
}

// Adds the knife planes to a colour surface (the render asked for the map).
void addKnifePlanes(Framebuffer& fb);

}  // namespace refrast
