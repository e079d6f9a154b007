// SPDX-License-Identifier: MIT
#include "raster/rasterize/hidden_surface.h"

#include "raster/output/color_format.h"
#include "raster/output/output_merger.h"
#include "raster/rasterize/interpolate.h"

#include <atomic>

namespace refrast {

namespace {
std::atomic<bool> enabled{true};
}  // namespace

bool hiddenSurfaceRemoval() { return enabled.load(std::memory_order_relaxed); }
void setHiddenSurfaceRemoval(bool enable) { enabled.store(enable, std::memory_order_relaxed); }

ColorDeferral colorDeferral(const DrawContext& ctx, const Framebuffer& fb) {
    // The ambiguity map probes every fragment's tests and texels; n-bit formats merge per pixel. (The draw
    // records and touches are kept in submission order by the depth-only pass.)
    const bool probed = !fb.nearEdge.empty() || !fb.knife.empty() || bool(ctx.ambiguity);
    if (!hiddenSurfaceRemoval() || probed || !isEightBitFormat(fb.colorFormat)) return ColorDeferral::Never;
    const uint8_t channels = fb.hasAlpha() ? 0xF : 0x7;
    const uint8_t written = uint8_t(ctx.shading.colorWriteMask & channels);
    if (written == 0) return ColorDeferral::WritesNoColor;
    const DrawState& s = ctx.draw->state;
    if (written != channels || ctx.shading.blend.enable || !depthStencilBeforeShading(s)) return ColorDeferral::Never;
    return ColorDeferral::Defer;
}

TileOwners::Route TileOwners::route(const DrawContext& ctx, const SetupTriangle& t) const {
    if (ctx.deferral == ColorDeferral::WritesNoColor) return Route::Now;
    if (ctx.deferral == ColorDeferral::Defer && t.shape == PrimitiveShape::Triangle && pending_.size() < kMaxPending &&
        (int(t.maxX) - t.minX + 1) * (int(t.maxY) - t.minY + 1) >= kDeferMinBoundsPixels)
        return Route::Defer;
    return pending_.empty() ? Route::Now : Route::FlushThenNow;
}

void TileOwners::begin(const PixelBounds& tile) {
    tile_ = tile;
    base_ += uint32_t(pending_.size());
    pending_.clear();
    if (base_ > 0xFFFFFFFFu - 2 * kMaxPending) {  // the ids would wrap: start again from a clear map
        std::fill(owner_.begin(), owner_.end(), 0u);
        base_ = 0;
    }
}

uint32_t TileOwners::defer(const DrawContext& ctx, const SetupTriangle& t) {
    pending_.push_back({&ctx, &t, 0, true});
    return base_ + uint32_t(pending_.size());
}

void TileOwners::claim(const QuadSpan& span, SpanMask covered, SpanMask live, uint32_t owner) {
    Pending& mine = pending_[owner - base_ - 1];
    if (live != covered) mine.whole = false;  // some covered pixel failed stencil or depth
    uint32_t claimed = 0;
    auto lose = [&](uint32_t o, uint32_t pixels) {  // a pending triangle loses pixels it never shaded
        if (o <= base_) return;
        Pending& loser = pending_[o - base_ - 1];
        loser.owned -= pixels;
        loser.whole = false;
        hidden_ += pixels;
    };
    for (int q = 0; q < span.quads; ++q) {
        const uint8_t bits = quadBits(live, q);
        if (!bits) continue;
        uint32_t* const top = &owner_[at(span.x[q], span.y[q])];
        uint32_t* const p[4] = {top, top + 1, top + kTileSize, top + kTileSize + 1};
        if (bits == 0xF && *p[0] == *p[1] && *p[0] == *p[2] && *p[0] == *p[3]) {  // a whole quad from one owner
            lose(*p[0], 4);
            *p[0] = *p[1] = *p[2] = *p[3] = owner;
            claimed += 4;
            continue;
        }
        for (int k = 0; k < 4; ++k) {
            if (!(bits >> k & 1)) continue;
            lose(*p[k], 1);
            *p[k] = owner;
            ++claimed;
        }
    }
    mine.owned += claimed;
}

uint8_t TileOwners::ownedQuad(int qx, int qy, uint8_t coverage, uint32_t owner) const {
    uint8_t mine = 0;
    for (int k = 0; k < 4; ++k)
        if ((coverage >> k & 1) && owner_[at(qx + (k & 1), qy + (k >> 1))] == owner) mine = uint8_t(mine | 1u << k);
    return mine;
}

}  // namespace refrast
