// SPDX-License-Identifier: MIT
#include "raster/output/output_merger.h"

#include "raster/ambiguity/probe.h"
#include "raster/output/alpha_blend.h"
#include "raster/output/alpha_test.h"
#include "raster/output/color_format.h"
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

// The one place a live fragment's write is recorded: the draw-id and overdraw planes.
void recordFragmentWrite(uint32_t drawIndex, size_t i, Framebuffer& fb) {
    fb.drawId[i] = drawIndex + 1;
    if (fb.overdraw[i] != 0xFFFF) ++fb.overdraw[i];
}

// Blend, colour write, draw-id and overdraw of one surviving fragment.
void writeColor(const DrawState& s, uint32_t drawIndex, size_t i, const Rgba& color, Framebuffer& fb) {
    if (!fb.knife.empty()) probeColorWrite(fb, i, s, color);  // the ambiguity map only
    blendAndWrite(s, color, fb.colorFormat, &fb.color[i * 4]);
    recordFragmentWrite(drawIndex, i, fb);
}

}  // namespace

uint8_t mergeDepthStencil(const DrawState& s, int x, int y, uint8_t live, const float z[4], bool frontFacing,
                          Framebuffer& fb) {
    for (int k = 0; k < 4; ++k) {
        if (!(live >> k & 1)) continue;
        const FragmentOut f{x + (k & 1), y + (k >> 1), z[k], Rgba{}, frontFacing};
        if (!depthStencilTest(s, f, fb.index(f.x, f.y), fb)) live = uint8_t(live & ~(1u << k));
    }
    return live;
}

void mergeColor(const DrawState& s, const ShadingPlan& plan, uint32_t drawIndex, const QuadSpan& span, SpanMask live,
                const ColorPlanes& color, Framebuffer& fb) {
    const int n = span.pixels();
    if (!fb.knife.empty() || !isEightBitFormat(fb.colorFormat)) {  // the ambiguity probes, n-bit formats: per pixel
        for (int p = 0; p < n; ++p)
            if (live >> p & 1) writeColor(s, drawIndex, fb.index(span.pixelX(p), span.pixelY(p)), color.at(p), fb);
        return;
    }
    uint8_t* dst[kSpanPixels] = {};
    for (int p = 0; p < n; ++p)
        if (live >> p & 1) dst[p] = &fb.color[fb.index(span.pixelX(p), span.pixelY(p)) * 4];
    writeColorSpan(simdLevel(), plan, fb.hasAlpha(), color, n, dst);
    for (int p = 0; p < n; ++p)
        if (live >> p & 1) recordFragmentWrite(drawIndex, fb.index(span.pixelX(p), span.pixelY(p)), fb);
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
