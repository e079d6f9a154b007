// SPDX-License-Identifier: MIT
#include "raster/output/output_merger.h"

#include "raster/output/depth_test.h"
#include "raster/output/stencil_test.h"

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
        // ZENABLE = FALSE also disables the write (fixed-function reference §3).
        if (depthPass && s.depth.zWriteEnable) fb.depth[i] = incoming;
    }
    if (st.enable) fb.stencil[i] = stencilUpdate(depthPass ? face.pass : face.zFail, st, fb.stencil[i]);
    return depthPass;
}

void colorWrite(const ColorWriteState& cw, const Rgba& c, bool targetHasAlpha, uint8_t* dst) {
    const uint8_t src[4] = {encodeUnorm8(c.r), encodeUnorm8(c.g), encodeUnorm8(c.b), encodeUnorm8(c.a)};
    // D3DCOLORWRITEENABLE_RED = 1, GREEN = 2, BLUE = 4, ALPHA = 8.
    for (int ch = 0; ch < 3; ++ch)
        if (cw.mask >> ch & 1) dst[ch] = src[ch];
    if ((cw.mask & 8) && targetHasAlpha) dst[3] = src[3];
}

}  // namespace

void mergeFragment(const DrawContext& ctx, uint32_t drawIndex, const FragmentOut& f, Framebuffer& fb) {
    const DrawState& s = ctx.draw->state;
    const size_t i = fb.index(f.x, f.y);
    if (!depthStencilTest(s, f, i, fb)) return;
    colorWrite(s.colorWrite, f.color, fb.hasAlpha(), &fb.color[i * 4]);
    fb.drawId[i] = drawIndex + 1;
    if (fb.overdraw[i] != 0xFFFF) ++fb.overdraw[i];
}

}  // namespace refrast
