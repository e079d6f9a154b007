// SPDX-License-Identifier: MIT
// Port-bug hints: R/B swap, vertical flip, one-pixel and half-pixel shifts,
// premultiplied vs straight alpha, sRGB applied twice.
#include "src/diff/port_hints.h"

#include "src/diff/pixel_tally.h"
#include "src/diff/position_deviation.h"
#include "src/diff/srgb_table.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <climits>
#include <cstdlib>
#include <functional>
#include <vector>

namespace refrast::diff {

namespace {

using Px = uint8_t[4];

struct HintInputs {
    const Image& a;
    const Image& b;
    const DiffOptions& options;

    const uint8_t* clampedA(int x, int y) const {
        return a.pixel(std::clamp(x, 0, a.width - 1), std::clamp(y, 0, a.height - 1));
    }
    const uint8_t* clampedB(int x, int y) const {
        return b.pixel(std::clamp(x, 0, b.width - 1), std::clamp(y, 0, b.height - 1));
    }
};

// Counts the compared pixels whose transformed pair still differs, giving up
// (returning more than `limit`) once the count exceeds `limit`: a candidate
// that cannot win stops after a few rows. A count <= limit is exact, since
// rows are skipped only once the total is sure to pass the limit (counts
// only grow).
template <class Pair>
int64_t countDiffering(const HintInputs& in, int tolerance, int64_t limit, const Pair& pair) {
    const int channels = in.options.ignoreAlpha ? 3 : 4;
    std::atomic<int64_t> total{0};
    tbb::parallel_for(tbb::blocked_range<int>(0, in.a.height, 8), [&](const tbb::blocked_range<int>& rows) {
        if (total.load(std::memory_order_relaxed) > limit) return;
        int64_t n = 0;
        Px pa, pb;
        for (int y = rows.begin(); y < rows.end(); ++y) {
            for (int x = 0; x < in.a.width; ++x) {
                if (in.options.mask && !maskKeeps(in.options.mask->pixel(x, y))) continue;
                pair(x, y, pa, pb);
                n += !pixelsMatch(pa, pb, tolerance, channels);
            }
            if (n + total.load(std::memory_order_relaxed) > limit) break;  // a range can be many rows
        }
        total.fetch_add(n, std::memory_order_relaxed);
    });
    return total.load();
}

// How many compared pixels have each largest channel delta, over all
// compared channels and over RGB alone: the untransformed pair's count at
// every tolerance, and the alpha-only candidate's, from one pass.
using DeltaHistogram = std::array<int64_t, 256>;
struct DeltaHistograms {
    DeltaHistogram all{}, rgb{};
};

DeltaHistograms deltaHistograms(const HintInputs& in) {
    const bool alpha = !in.options.ignoreAlpha;
    return tbb::parallel_reduce(
        tbb::blocked_range<int>(0, in.a.height, 8), DeltaHistograms{},
        [&](const tbb::blocked_range<int>& rows, DeltaHistograms h) {
            for (int y = rows.begin(); y < rows.end(); ++y) {
                const uint8_t* p = in.a.pixel(0, y);
                const uint8_t* q = in.b.pixel(0, y);
                for (int x = 0; x < in.a.width; ++x, p += 4, q += 4) {
                    // Runs of equal pixels (most of a near-identical pair) go four at a time.
                    if (!in.options.mask && x + 4 <= in.a.width && std::memcmp(p, q, 16) == 0) {
                        h.rgb[0] += 4, h.all[0] += 4;
                        x += 3, p += 12, q += 12;
                        continue;
                    }
                    if (in.options.mask && !maskKeeps(in.options.mask->pixel(x, y))) continue;
                    int m = 0;
                    for (int c = 0; c < 3; ++c) m = std::max(m, std::abs(int(p[c]) - int(q[c])));
                    ++h.rgb[size_t(m)];
                    if (alpha) m = std::max(m, std::abs(int(p[3]) - int(q[3])));
                    ++h.all[size_t(m)];
                }
            }
            return h;
        },
        [](DeltaHistograms l, const DeltaHistograms& r) {
            for (size_t i = 0; i < l.all.size(); ++i) l.all[i] += r.all[i], l.rgb[i] += r.rgb[i];
            return l;
        });
}

// Pixels whose largest delta is over `tolerance`.
int64_t countOver(const DeltaHistogram& h, int tolerance) {
    int64_t n = 0;
    for (size_t m = size_t(tolerance) + 1; m < h.size(); ++m) n += h[m];
    return n;
}

struct Candidate {
    std::string phrase;
    std::function<int64_t(int64_t limit)> count;
    std::string kind;  // the structured hint's "kind"
    int dx = 0, dy = 0;  // shifts: how B moved relative to A
};

// Rounded average of the pixels at (x, y), (x + dx, y + dy) and, for a
// diagonal, (x + dx, y) and (x, y + dy): a bilinear sample half a pixel away.
void halfPixelSample(const HintInputs& in, int x, int y, int dx, int dy, uint8_t* out) {
    const uint8_t* p[4] = {in.clampedA(x, y), in.clampedA(x + dx, y + dy), in.clampedA(x + dx, y), in.clampedA(x, y + dy)};
    const int n = dx != 0 && dy != 0 ? 4 : 2;
    for (int c = 0; c < 4; ++c) {
        int sum = n / 2;
        for (int i = 0; i < n; ++i) sum += p[i][c];
        out[c] = uint8_t(sum / n);
    }
}

// Straight to premultiplied: c * a / 255, rounded to nearest.
void premultiply(const uint8_t* p, uint8_t* out) {
    for (int c = 0; c < 3; ++c) out[c] = uint8_t((p[c] * p[3] + 127) / 255);
    out[3] = p[3];
}

void applyTable(const std::array<uint8_t, 256>& table, const uint8_t* p, uint8_t* out) {
    for (int c = 0; c < 3; ++c) out[c] = table[p[c]];
    out[3] = p[3];
}

std::string signedPair(const char* format, double x, double y) {
    char text[64];
    std::snprintf(text, sizeof text, format, x, y);
    return text;
}

void addSwapAndFlip(const HintInputs& in, int tol, std::vector<Candidate>& out) {
    out.push_back({"swapping R and B", [&in, tol](int64_t limit) {
                       return countDiffering(in, tol, limit, [&](int x, int y, uint8_t* pa, uint8_t* pb) {
                           const uint8_t* q = in.b.pixel(x, y);
                           std::memcpy(pa, in.a.pixel(x, y), 4);
                           pb[0] = q[2], pb[1] = q[1], pb[2] = q[0], pb[3] = q[3];
                       });
                   }, "swap_rb"});
    out.push_back({"flipping B vertically", [&in, tol](int64_t limit) {
                       return countDiffering(in, tol, limit, [&](int x, int y, uint8_t* pa, uint8_t* pb) {
                           std::memcpy(pa, in.a.pixel(x, y), 4);
                           std::memcpy(pb, in.b.pixel(x, in.b.height - 1 - y), 4);
                       });
                   }, "flip_y"});
    // The classic GL readback of a BGRA swapchain: both at once.
    out.push_back({"flipping B vertically and swapping R and B (a GL readback of a BGRA image)", [&in, tol](int64_t limit) {
                       return countDiffering(in, tol, limit, [&](int x, int y, uint8_t* pa, uint8_t* pb) {
                           const uint8_t* q = in.b.pixel(x, in.b.height - 1 - y);
                           std::memcpy(pa, in.a.pixel(x, y), 4);
                           pb[0] = q[2], pb[1] = q[1], pb[2] = q[0], pb[3] = q[3];
                       });
                   }, "flip_y_swap_rb"});
}

bool opaque(const Image& image) {
    for (size_t i = 3; i < image.rgba.size(); i += 4)
        if (image.rgba[i] != 255) return false;
    return true;
}

// Only alpha differs: a readback with alpha forced to 255 (an X8R8G8B8 or
// opaque swapchain) is the usual cause.
// B with A's alpha differs where an RGB delta is over the tolerance: the
// count comes straight from the RGB histogram.
void addAlphaOnly(const HintInputs& in, const DeltaHistograms& h, int tol, std::vector<Candidate>& out) {
    if (in.options.ignoreAlpha) return;
    const std::string why = opaque(in.b) ? "only alpha differs and B's alpha is 255 everywhere (alpha forced opaque)"
                                         : "only alpha differs";
    const int64_t count = countOver(h.rgb, tol);
    out.push_back({"ignoring alpha (" + why + "; gate with --ignore-alpha if alpha is not part of the contract)",
                   [count](int64_t) { return count; }, "alpha_only"});
}

// The columns or rows of B that the shifted comparison never samples.
bool droppedByShift(const Image& b, int x, int y, int dx, int dy) {
    return (dx > 0 && x < dx) || (dx < 0 && x >= b.width + dx) || (dy > 0 && y < dy) || (dy < 0 && y >= b.height + dy);
}

// B(x + dx, y + dy) == A(x, y) means B is A moved by (dx, dy); edges clamp.
// A difference in the part of B that the shift drops stays counted, so a
// shift cannot "explain" a change by looking past it.
int64_t countShifted(const HintInputs& in, int tol, int64_t limit, int dx, int dy) {
    const int64_t shifted = countDiffering(in, tol, limit, [&](int x, int y, uint8_t* pa, uint8_t* pb) {
        std::memcpy(pa, in.a.pixel(x, y), 4);
        std::memcpy(pb, in.clampedB(x + dx, y + dy), 4);
    });
    if (shifted > limit) return shifted;
    // The dropped part of B against A, visited alone: at most kMaxHintShift
    // rows and columns along the edges.
    const int channels = in.options.ignoreAlpha ? 3 : 4;
    int64_t dropped = 0;
    for (int y = 0; y < in.b.height; ++y) {
        const bool wholeRow = (dy > 0 && y < dy) || (dy < 0 && y >= in.b.height + dy);
        const int x0 = wholeRow ? 0 : dx < 0 ? in.b.width + dx : 0;
        const int x1 = wholeRow ? in.b.width : dx > 0 ? dx : dx < 0 ? in.b.width : 0;
        for (int x = x0; x < x1; ++x) {
            if (!droppedByShift(in.b, x, y, dx, dy)) continue;
            if (in.options.mask && !maskKeeps(in.options.mask->pixel(x, y))) continue;
            dropped += !pixelsMatch(in.a.pixel(x, y), in.b.pixel(x, y), tol, channels);
        }
    }
    return shifted + dropped;
}

// Whole-pixel shifts up to kMaxHintShift in each axis, nearest first (a tie
// goes to the smaller shift): a viewport or scissor off by a few pixels.
void addShifts(const HintInputs& in, int tol, std::vector<Candidate>& out) {
    for (int ring = 1; ring <= kMaxHintShift; ++ring)
        for (int dy = -ring; dy <= ring; ++dy)
            for (int dx = -ring; dx <= ring; ++dx) {
                if (std::max(std::abs(dx), std::abs(dy)) != ring) continue;
                if (std::abs(dx) >= in.a.width || std::abs(dy) >= in.a.height) continue;
                out.push_back({"moving B by " + signedPair("(%+.0f, %+.0f)", -dx, -dy) + " pixels",
                               [&in, tol, dx, dy](int64_t limit) { return countShifted(in, tol, limit, dx, dy); },
                               "shift", -dx, -dy});
            }
}

// B(x, y) == average of A toward (dx, dy): B sampled A half a pixel off.
void addHalfPixelShifts(const HintInputs& in, int tol, std::vector<Candidate>& out) {
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            if (dx == 0 && dy == 0) continue;
            out.push_back({"shifting A by half a pixel " + signedPair("(%+.1f, %+.1f)", 0.5 * -dx, 0.5 * -dy) +
                               " (a half-pixel centre offset)",
                           [&in, tol, dx, dy](int64_t limit) {
                               return countDiffering(in, tol, limit, [&](int x, int y, uint8_t* pa, uint8_t* pb) {
                                   halfPixelSample(in, x, y, dx, dy, pa);
                                   std::memcpy(pb, in.b.pixel(x, y), 4);
                               });
                           }, "half_pixel_shift", -dx, -dy});
        }
}

bool hasTranslucency(const Image& image) {
    for (size_t i = 3; i < image.rgba.size(); i += 4)
        if (image.rgba[i] != 255) return true;
    return false;
}

// Premultiplying an opaque image changes nothing: those candidates are skipped.
void addPremultiplied(const HintInputs& in, int tol, std::vector<Candidate>& out) {
    if (hasTranslucency(in.a))
        out.push_back({"premultiplying A's colour by its alpha (premultiplied vs straight alpha)", [&in, tol](int64_t limit) {
                       return countDiffering(in, tol, limit, [&](int x, int y, uint8_t* pa, uint8_t* pb) {
                           premultiply(in.a.pixel(x, y), pa);
                           std::memcpy(pb, in.b.pixel(x, y), 4);
                       });
                   }, "premultiplied_a"});
    if (hasTranslucency(in.b))
        out.push_back({"premultiplying B's colour by its alpha (premultiplied vs straight alpha)", [&in, tol](int64_t limit) {
                       return countDiffering(in, tol, limit, [&](int x, int y, uint8_t* pa, uint8_t* pb) {
                           std::memcpy(pa, in.a.pixel(x, y), 4);
                           premultiply(in.b.pixel(x, y), pb);
                       });
                   }, "premultiplied_b"});
}

void addSrgb(const HintInputs& in, int tol, std::vector<Candidate>& out) {
    out.push_back({"sRGB-encoding A once more (sRGB encoding applied twice)", [&in, tol](int64_t limit) {
                       return countDiffering(in, tol, limit, [&](int x, int y, uint8_t* pa, uint8_t* pb) {
                           applyTable(kSrgbEncode, in.a.pixel(x, y), pa);
                           std::memcpy(pb, in.b.pixel(x, y), 4);
                       });
                   }, "srgb_encoded_twice"});
    out.push_back({"sRGB-decoding A once more (sRGB decoding applied twice)", [&in, tol](int64_t limit) {
                       return countDiffering(in, tol, limit, [&](int x, int y, uint8_t* pa, uint8_t* pb) {
                           applyTable(kSrgbDecode, in.a.pixel(x, y), pa);
                           std::memcpy(pb, in.b.pixel(x, y), 4);
                       });
                   }, "srgb_decoded_twice"});
}

}  // namespace

PortHint findPortBugHint(const Image& a, const Image& b, const DiffOptions& options, int64_t plainDiffering) {
    const HintInputs in{a, b, options};
    const int tol = options.tolerance;
    // A transform explains a pixel within the tolerance plus a little noise,
    // so a hint still fires on a readback with dithering or a rounding step;
    // resampling and 8-bit rounding in the approximate transforms may be off
    // by one more.
    const int hintTol = std::min(255, tol + kHintNoise);
    const int approxTol = std::min(255, hintTol + 1);
    const DeltaHistograms identity = deltaHistograms(in);
    const int64_t before = plainDiffering >= 0 ? plainDiffering : countOver(identity.all, tol);
    if (before == 0) return {};
    // Differences within a candidate's tolerance are noise, not something a
    // transform explains: each candidate must leave at most half of what the
    // identity leaves at the same tolerance.
    const int64_t noisyBefore = countOver(identity.all, hintTol), approxBefore = countOver(identity.all, approxTol);
    std::vector<Candidate> candidates;
    addSwapAndFlip(in, hintTol, candidates);
    addAlphaOnly(in, identity, hintTol, candidates);
    addShifts(in, hintTol, candidates);
    const size_t firstApproximate = candidates.size();
    addHalfPixelShifts(in, approxTol, candidates);
    addPremultiplied(in, approxTol, candidates);
    addSrgb(in, approxTol, candidates);
    size_t best = 0;
    int64_t bestCount = INT64_MAX;
    for (size_t i = 0; i < candidates.size(); ++i) {
        const int64_t base = i < firstApproximate ? noisyBefore : approxBefore;
        // At most half of the base, and better than the best so far.
        const int64_t limit = std::min(base / 2, bestCount - 1);
        if (base == 0 || limit < 0) continue;
        if (const int64_t n = candidates[i].count(limit); n <= limit) best = i, bestCount = n;
    }
    if (bestCount == INT64_MAX) return {};  // no candidate explains at least half: no single cause
    PortHint hint;
    const Candidate& c = candidates[best];
    hint.kind = c.kind, hint.dx = c.dx, hint.dy = c.dy;
    hint.differingPixels = before, hint.remainingPixels = bestCount;
    hint.text = bestCount == 0 ? "images match after " + c.phrase
                               : "after " + c.phrase + " only " + std::to_string(bestCount) + " of " +
                                     std::to_string(before) + " differing pixels remain";
    return hint;
}

}  // namespace refrast::diff
