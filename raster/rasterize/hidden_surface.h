// SPDX-License-Identifier: MIT
// Hidden-surface removal inside a tile (deferred shading of opaque
// triangles): a triangle whose colour write replaces the pixel (no alpha
// test, no blending, every channel the target has written) runs its stencil
// and depth tests with their writes at once, in submission order, and its
// surviving pixels become its own; its shading waits. A later such triangle
// that wins a pixel takes it over, and the earlier fragment is never shaded.
// Before anything that reads or partly writes the colour (a blended or
// alpha-tested draw, a partial colour write mask, a line or point), before
// a triangle too small to defer, and at the end of the tile, every pending triangle shades and writes the pixels it
// still owns. A pixel's final colour is its last surviving fragment's in
// either order, and shading is a function of the triangle and the 2×2 quad
// alone (derivatives from the quad's own pixels), so the bytes are those of
// shading every fragment (docs/architecture.md "Performance shape").
// The draw-id, overdraw and touch records are written by the depth-only
// pass, in submission order, so they too are those of shading every
// fragment. Renders of the ambiguity map (which probes every fragment's
// tests and texels) and n-bit colour formats never defer.
#pragma once

#include "raster/draw_context.h"
#include "raster/framebuffer.h"
#include "raster/lanes/span.h"
#include "raster/pipeline.h"
#include "raster/primitive/setup.h"
#include "raster/rasterize/hidden_surface_switch.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace refrast {

struct QuadSpan;

// The draw's deferral on `fb` (Never when hidden-surface removal is off).
ColorDeferral colorDeferral(const DrawContext& ctx, const Framebuffer& fb);

// Triangles whose pixel bounds hold fewer pixels run at once: for a few
// quads the second walk and the depth-only pass would cost more than the
// shading they might save: deferring W3's 4-pixel triangles (which hide
// nothing) made it 1.12x slower. The bound itself is a judgement, not a
// measured optimum.
constexpr int kDeferMinBoundsPixels = 256;

// One tile's pending owners. Each thread keeps one and reuses it tile after
// tile. Owner ids grow for the thread's whole life, so ids up to `base_`
// (shaded, or from an earlier tile) mean "no owner" and the map is never
// cleared between flushes or tiles (only when the ids would wrap).
class TileOwners {
public:
    // What to do with triangle t of ctx's draw.
    enum class Route : uint8_t { Now, FlushThenNow, Defer };
    Route route(const DrawContext& ctx, const SetupTriangle& t) const;

    // Starts tile `tile` (no owner pending).
    void begin(const PixelBounds& tile);
    // Adds a pending triangle; returns its owner id.
    uint32_t defer(const DrawContext& ctx, const SetupTriangle& t);
    // The pixels `live` of a span of the owner's triangle passed stencil and
    // depth, out of `covered`: they are its own now.
    void claim(const QuadSpan& span, SpanMask covered, SpanMask live, uint32_t owner);
    // The pixels of quad (qx, qy) among `coverage` that `owner` still owns.
    uint8_t ownedQuad(int qx, int qy, uint8_t coverage, uint32_t owner) const;
    // shade(ctx, t, owner, whole) for each pending triangle that still owns
    // a pixel, in submission order (whole: it owns every pixel it covers in
    // the tile, none failed or was lost); then none pends.
    template <class Shade>
    void flush(Shade&& shade) {
        for (size_t k = 0; k < pending_.size(); ++k)
            if (pending_[k].owned > 0) shade(*pending_[k].ctx, *pending_[k].t, base_ + uint32_t(k) + 1, pending_[k].whole);
        base_ += uint32_t(pending_.size());
        pending_.clear();
    }
    bool pending() const { return !pending_.empty(); }
    // Fragments that passed the depth test but were overdrawn before being shaded, since the last call.
    size_t takeHidden() {
        const size_t n = hidden_;
        hidden_ = 0;
        return n;
    }

private:
    struct Pending {
        const DrawContext* ctx;
        const SetupTriangle* t;
        uint32_t owned;  // pixels it owns
        bool whole;      // it owns every pixel it covered
    };
    // A tile defers at most this many triangles between flushes (then they shade and the next runs at once).
    static constexpr size_t kMaxPending = size_t(1) << 24;
    size_t at(int x, int y) const { return size_t(y - tile_.y0) * size_t(kTileSize) + size_t(x - tile_.x0); }
    PixelBounds tile_;
    std::vector<uint32_t> owner_ = std::vector<uint32_t>(size_t(kTileSize) * kTileSize, 0u);  // owner id
    uint32_t base_ = 0;  // ids up to base_ own nothing
    std::vector<Pending> pending_;
    size_t hidden_ = 0;
};

}  // namespace refrast
