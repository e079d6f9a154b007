// SPDX-License-Identifier: MIT
#include "raster/output/output_merger.h"

#include "raster/ambiguity/probe.h"
#include "raster/output/alpha_blend.h"
#include "raster/output/alpha_test.h"
#include "raster/output/color_format.h"
#include "raster/output/depth_stencil_span.h"
#include "raster/output/depth_test.h"
#include "raster/output/stencil_test.h"
#include "raster/lanes/simd_level.h"

namespace refrast {

namespace {

// Stencil then depth (D3D9 order): returns whether the fragment survives and
// updates the stencil value per STENCILFAIL / ZFAIL / PASS.
bool depthStencilTest(const DrawState& s, const FragmentOut& f, size_t i, Framebuffer& fb) {
    const StencilState& st = s.stencil;
    const StencilFaceState& face = (st.twoSided && !f.frontFacing) ? st.back : st.front;
    if (st.enable && !stencilTest(face, st, fb.stencil[i])) {
        fb.stencil[i] = stencilUpdate(face.fail, st, fb.stencil[i]);
        return false;
    }
    bool depthPass = true;
    if (s.depth.zEnable) {
        const uint32_t incoming = storeDepth(fb.depthFormat, f.z);
        depthPass = depthTest(s.depth.zFunc, incoming, fb.depth[i]);
        if (!fb.knife.empty()) probeDepthTest(fb, i, s.depth.zFunc, incoming, depthPass);  // the ambiguity map only
        // ZENABLE = FALSE also disables the write (fixed-function reference §3).
        if (depthPass && s.depth.zWriteEnable) fb.depth[i] = incoming;
    }
    if (st.enable) fb.stencil[i] = stencilUpdate(depthPass ? face.pass : face.zFail, st, fb.stencil[i]);
    return depthPass;
}

// The early half pixel by pixel, for the ambiguity probes (not inlined: the
// span kernel's caller stays a few instructions).
[[gnu::noinline]] SpanMask depthStencilPerPixel(const DrawState& s, const QuadSpan& span, SpanMask live,
                                                bool frontFacing, Framebuffer& fb) {
    for (int p = 0; p < span.pixels(); ++p) {
        if (!(live >> p & 1)) continue;
        const FragmentOut f{span.pixelX(p), span.pixelY(p), span.z[p], Rgba{}, frontFacing};
        if (!depthStencilTest(s, f, fb.index(f.x, f.y), fb)) live = SpanMask(live & ~(SpanMask(1) << p));
    }
    return live;
}

// Blend (docs/fixed-function.md §10, R-9, R-10), then COLORWRITEENABLE; a
// target without alpha keeps its stored alpha byte.
void blendAndWrite(const DrawState& s, const Rgba& color, ColorFormat format, uint8_t* dst) {
    const bool targetHasAlpha = colorBits(format).a > 0;
    const Rgba8 stored{dst[0], dst[1], dst[2], dst[3]};
    Rgba8 blended;
    if (isEightBitFormat(format)) {
        blended = alphaBlend(s.pixel.blend, color, stored, targetHasAlpha);
    } else {  // R-9 saturate, blend on the n-bit values, one rounding to n bits (docs/fixed-function.md §15.1)
        const Rgba src = saturate(color);
        blended = encodeForFormat(s.pixel.blend.enable ? blendColor(s.pixel.blend, src, decodeForFormat(stored, format)) : src,
                                  format);
    }
    const uint8_t mask = uint8_t(s.colorWrite.mask & (targetHasAlpha ? 0xF : 0x7));
    const Rgba8 out = colorWrite(mask, blended, stored);
    dst[0] = out.r;
    dst[1] = out.g;
    dst[2] = out.b;
    dst[3] = out.a;
}

// The one place a live fragment's write is recorded: the draw-id and overdraw
// (saturating at 0xFFFF) planes.
void recordFragmentWrite(uint32_t drawIndex, size_t i, uint32_t* drawId, uint16_t* overdraw) {
    drawId[i] = drawIndex + 1;
    overdraw[i] = uint16_t(overdraw[i] + (overdraw[i] != 0xFFFF));
}
void recordFragmentWrite(uint32_t drawIndex, size_t i, Framebuffer& fb) {
    if (!fb.drawId.empty()) recordFragmentWrite(drawIndex, i, fb.drawId.data(), fb.overdraw.data());
}

// fn(p, i) for each span pixel p of `live`, i its index in the framebuffer's
// planes: pixel k of quad q lies at row y[q] + (k >> 1), column x[q] + (k & 1),
// so the index is the quad's plus one of four offsets.
template <class Fn>
void eachLivePixel(const QuadSpan& span, SpanMask live, int width, Fn fn) {
    const size_t offset[4] = {0, 1, size_t(width), size_t(width) + 1};
    for (int q = 0; q < span.quads; ++q) {
        const size_t at = span.quadIndex(q, size_t(width));
        for (int k = 0; k < 4; ++k)
            if (live >> (4 * q + k) & 1) fn(4 * q + k, at + offset[k]);
    }
}

// Blend, colour write, and (unless recorded already) draw-id and overdraw of one surviving fragment.
void writeColor(const DrawState& s, uint32_t drawIndex, size_t i, const Rgba& color, Framebuffer& fb,
                bool recordWrite = true) {
    if (!fb.knife.empty()) probeColorWrite(fb, i, s, color);  // the ambiguity map only
    blendAndWrite(s, color, fb.colorFormat, &fb.color[i * 4]);
    if (recordWrite) recordFragmentWrite(drawIndex, i, fb);
}

}  // namespace

SpanMask mergeDepthStencil(const DrawState& s, const QuadSpan& span, SpanMask live, bool frontFacing, Framebuffer& fb) {
    if (!fb.knife.empty()) return depthStencilPerPixel(s, span, live, frontFacing, fb);
    return depthStencilSpan(spanSimdLevel(span.pixels()), s.depth, s.stencil, frontFacing, span, live,
                            {fb.depth.data(), fb.stencil.data(), fb.width, fb.depthFormat});
}

void recordFragmentWrites(uint32_t drawIndex, const QuadSpan& span, SpanMask live, Framebuffer& fb) {
    if (fb.drawId.empty()) return;  // no draw records kept
    uint32_t* const drawId = fb.drawId.data();
    uint16_t* const overdraw = fb.overdraw.data();
    eachLivePixel(span, live, fb.width, [&](int, size_t i) { recordFragmentWrite(drawIndex, i, drawId, overdraw); });
}

void mergeColor(const DrawState& s, const ShadingPlan& plan, uint32_t drawIndex, const QuadSpan& span, SpanMask live,
                const ColorPlanes& color, Framebuffer& fb, bool recordWrites) {
    const int n = span.pixels();
    if (!fb.knife.empty() || !isEightBitFormat(fb.colorFormat)) {  // the ambiguity probes, n-bit formats: per pixel
        for (int p = 0; p < n; ++p)
            if (live >> p & 1)
                writeColor(s, drawIndex, fb.index(span.pixelX(p), span.pixelY(p)), color.at(p), fb, recordWrites);
        return;
    }
    // (The colour plane is RGBA8 rows in a vector of bytes; its words are 4-byte aligned.)
    writeColorSpan(spanSimdLevel(n), plan, fb.hasAlpha(), color, span, live,
                   {reinterpret_cast<uint32_t*>(fb.color.data()), fb.width});
    if (recordWrites) recordFragmentWrites(drawIndex, span, live, fb);
}

void mergeFragment(const DrawContext& ctx, uint32_t drawIndex, const FragmentOut& f, Framebuffer& fb) {
    const DrawState& s = ctx.draw->state;
    const size_t i = fb.index(f.x, f.y);
    const bool alphaPass = alphaTest(s.pixel.alphaTest, f.color.a);
    if (!fb.knife.empty()) probeAlphaTest(fb, i, s.pixel.alphaTest, f.color.a, alphaPass);  // the ambiguity map only
    if (!alphaPass) return;  // discarded: no colour, depth or stencil write
    if (!depthStencilTest(s, f, i, fb)) return;
    writeColor(s, drawIndex, i, f.color, fb);
}

}  // namespace refrast
