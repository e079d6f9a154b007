// SPDX-License-Identifier: MIT
// Differences attributed to draws: every differing pixel belongs to the draw
// that last wrote it in the oracle's render (its draw-id plane), and the
// draws are listed worst first (docs/diff.md, "Draw attribution").
#pragma once

#include "refrast/diff.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace refrast::diff {

struct DrawBlame {
    int draw = -1;      // draw index; -1: the pixel was only cleared
    std::string name;   // the draw's "name" ("" when it has none or for the clear)
    int64_t pixels = 0; // differing pixels it owns
    int maxDelta = 0;   // largest compared channel |delta| over them
    double meanDelta = 0.0;  // mean over them of the largest compared channel |delta|
    PixelRect bbox;
    // B shows this draw's pixels of A moved by (dx, dy): the draw, not the
    // whole frame, is misplaced on the GPU (see drawShift).
    std::optional<std::array<int, 2>> moved;
};

// Shifts of one draw are searched up to this far in x and y, with the hint
// tolerance (kHintNoise above the gate's).
constexpr int kMaxDrawShift = 4;
// Draws whose hint is looked for: the worst few.
constexpr size_t kDrawsShiftSearched = 3;

// needs result.pixelClasses; drawId is row-major like the images (draw + 1,
// 0 = clear); names[d] is draw d's name. Sorted by pixels, then max delta
// (both descending), then draw index.
std::vector<DrawBlame> attributeToDraws(const Image& a, const Image& b, const DiffResult& result,
                                        const std::vector<uint32_t>& drawId, const std::vector<std::string>& names);

// The shift (dx, dy), |dx|, |dy| <= kMaxDrawShift, for which B(p + (dx, dy))
// matches A(p) on every pixel p that draw `id` (draw + 1) owns in A, when the
// unshifted B does not: the draw was drawn in the wrong place. Ties go to the
// smaller shift; nullopt when no shift matches all of them.
std::optional<std::array<int, 2>> drawShift(const Image& a, const Image& b, const std::vector<uint32_t>& drawId,
                                            uint32_t id, int tolerance, bool ignoreAlpha);

// `draw 12 "hangar glass": 5480 px, max delta 37, mean delta 9.1, bbox [l,t,r,b]`
// (+ `; moved by (+2, +0) in B` when drawShift found one)
// (`clear: ...` for the cleared pixels; no quotes for an unnamed draw).
std::string drawBlameLine(const DrawBlame& blame);

// [{"draw": 12, "name": "hangar glass" | null, "pixels", "max_delta", "mean_delta", "bbox"}, ...]
nlohmann::ordered_json drawBlameJson(const std::vector<DrawBlame>& blames);

}  // namespace refrast::diff
