// SPDX-License-Identifier: MIT
// The output merger's knife-edge probes (raster/ambiguity/probe.h).
#include "raster/ambiguity/probe.h"

#include "raster/ambiguity/thresholds.h"
#include "raster/output/alpha_blend.h"
#include "raster/output/color_format.h"
#include "raster/output/color_write.h"
#include "raster/output/compare.h"
#include "raster/state/draw_state.h"

#include <cmath>
#include <cstdlib>

namespace refrast {

namespace {

// The end of a fragment that a test discarded: if that test was a knife edge
// the fragment might as well have been written, so its causes join the pixel's.
void discard(Framebuffer& fb, size_t i, uint8_t knife) {
    if (knife) fb.knife[i] = uint8_t(fb.knife[i] | fb.knifePending[i] | knife);
    fb.knifePending[i] = 0;
}

void survive(Framebuffer& fb, size_t i, uint8_t knife) { fb.knifePending[i] = uint8_t(fb.knifePending[i] | knife); }

bool relational(Cmp func) { return func != Cmp::Always && func != Cmp::Never; }

// x on an exact .5 tie of its n-bit conversion (R-3: sat(x) * (2^n - 1) + 0.5, floor).
bool unormTie(float x, int bits) {
    if (bits == 0) return false;
    const float y = saturate(x) * float((1u << bits) - 1u);
    return std::fabs(y - std::floor(y) - 0.5f) <= kUnormTieSteps;
}

}  // namespace

void addKnifePlanes(Framebuffer& fb) {
    fb.knife.assign(size_t(fb.width) * size_t(fb.height), 0);
    fb.knifePending.assign(size_t(fb.width) * size_t(fb.height), 0);
}

void probeAlphaTest(Framebuffer& fb, size_t i, const AlphaTestState& state, float alpha, bool pass) {
    uint8_t knife = 0;
    if (state.enable && relational(state.func)) {
        // The quantised alpha one step either way (R-8's quantisation, kAlphaTestSteps).
        const int a8 = encodeUnorm8(alpha), ref = int(state.ref & 0xFFu);
        for (int d = -kAlphaTestSteps; d <= kAlphaTestSteps; ++d) {
            const int a = a8 + d;
            if (a >= 0 && a <= 255 && compare(state.func, a, ref) != pass) knife = kKnifeAlphaTest;
        }
    }
    if (pass) survive(fb, i, knife);
    else discard(fb, i, knife);
}

void probeDepthTest(Framebuffer& fb, size_t i, Cmp zFunc, uint32_t incoming, bool pass) {
    // Stored depths order like integers (depth_test.h), so the test flips within
    // u units exactly when 0 < |incoming - stored| <= u (u >= 2). Equal depths
    // are not marked: the same geometry drawn again gives the same depth in any
    // invariant implementation (multipass), so EQUAL and LESSEQUAL agree there.
    const int64_t u = depthBits(fb.depthFormat) > 0 ? kDepthUnormUnits : kDepthFloatUlps;
    const int64_t gap = std::llabs(int64_t(incoming) - int64_t(fb.depth[i]));
    const uint8_t knife = relational(zFunc) && gap > 0 && gap <= u ? kKnifeDepth : 0;
    if (pass) survive(fb, i, knife);
    else discard(fb, i, knife);
}

void probeColorWrite(Framebuffer& fb, size_t i, const DrawState& s, const Rgba& color) {
    // The value the write converts (output_merger.cpp blendAndWrite): the
    // saturated colour, or the blend of it with the decoded stored pixel.
    const uint8_t* p = &fb.color[i * 4];
    const Rgba src = saturate(color);
    const Rgba value = s.pixel.blend.enable
                           ? blendColor(s.pixel.blend, src, decodeForFormat(Rgba8{p[0], p[1], p[2], p[3]}, fb.colorFormat))
                           : src;
    const ColorBits bits = colorBits(fb.colorFormat);
    const uint8_t mask = uint8_t(s.colorWrite.mask & (bits.a > 0 ? 0xF : 0x7));
    const bool tie = (mask & 1 && unormTie(value.r, bits.r)) || (mask & 2 && unormTie(value.g, bits.g)) ||
                     (mask & 4 && unormTie(value.b, bits.b)) || (mask & 8 && unormTie(value.a, bits.a));
    // A blend or a partial mask keeps some of the old value, and its causes.
    const bool keeps = s.pixel.blend.enable || mask != (bits.a > 0 ? 0xF : 0x7);
    fb.knife[i] = uint8_t((keeps ? fb.knife[i] : 0) | fb.knifePending[i] | (tie ? kKnifeUnormTie : 0));
    fb.knifePending[i] = 0;
}

}  // namespace refrast
