// SPDX-License-Identifier: MIT
// Differences attributed to draws: every differing pixel belongs to the draw
// that last wrote it in the oracle's render (its draw-id plane), is touched
// by the draws whose fragments reached it (the touch record), and the draws
// are listed worst first (docs/diff.md, "Draw attribution").
#pragma once

#include "refrast/diff.h"
#include "refrast/draw_touches.h"

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
    int64_t pixels = 0; // differing pixels it owns (wrote last)
    int maxDelta = 0;   // largest compared channel |delta| over them
    double meanDelta = 0.0;  // mean over them of the largest compared channel |delta|
    PixelRect bbox;     // of the pixels it owns (empty when it owns none)
    // Differing pixels its fragments reached that another draw (or the
    // clear) wrote last, and their bounding box: a draw hidden by the depth
    // test, discarded by the alpha or stencil test, or overdrawn.
    int64_t touched = 0;
    PixelRect touchedBox;
    // B shows this draw's pixels of A moved by (dx, dy): the draw, not the
    // whole frame, is misplaced on the GPU (see drawShift).
    std::optional<std::array<int, 2>> moved;
};

// Shifts of one draw are searched up to this far in x and y, with the hint
// tolerance (kHintNoise above the gate's).
constexpr int kMaxDrawShift = 4;
// Draws whose hint is looked for: the worst few.
constexpr size_t kDrawsShiftSearched = 3;

struct DrawAttribution {
    std::vector<DrawBlame> draws;
    // Differing pixels touched by more than kRecentTouches draws: only their
    // most recent kRecentTouches touching draws are counted.
    int64_t touchOverflow = 0;
};

// A's planes, row-major like A: draw-id (draw + 1, 0 = clear) and, when not
// empty, the touch record; names[d] is draw d's name.
struct DrawPlanes {
    std::vector<uint32_t> drawId;
    DrawTouches touches;
    std::vector<std::string> names;
    // The planes of the rectangle `crop` of an image `fullWidth` wide.
    DrawPlanes cropped(int fullWidth, const PixelRect& crop) const;
};

// needs result.pixelClasses. The draws owning differing pixels come first,
// by pixels, then max delta (both descending); then the draws that only
// touched differing pixels, by those (descending); ties by draw index.
DrawAttribution attributeToDraws(const Image& a, const Image& b, const DiffResult& result, const DrawPlanes& planes);

// The shift (dx, dy), |dx|, |dy| <= kMaxDrawShift, for which B(p + (dx, dy))
// matches A(p) on every pixel p that draw `id` (draw + 1) owns in A, when the
// unshifted B does not: the draw was drawn in the wrong place. Ties go to the
// smaller shift; nullopt when no shift matches all of them.
std::optional<std::array<int, 2>> drawShift(const Image& a, const Image& b, const std::vector<uint32_t>& drawId,
                                            uint32_t id, int tolerance, bool ignoreAlpha);

// `draw 12 "hangar glass": 5480 px, max delta 37, mean delta 9.1, bbox [l,t,r,b]`
// (+ `; touched 16 px it did not write last, bbox [l,t,r,b]` when it did,
// + `; moved by (+2, +0) in B` when drawShift found one)
// (`clear: ...` for the cleared pixels; no quotes for an unnamed draw;
// `draw 3 "box": touched 16 px it did not write last, bbox [...]` for a draw
// that owns none).
std::string drawBlameLine(const DrawBlame& blame);

// The lines' heading and, when touches overflowed, the note after them.
std::string drawBlameHeading();
std::string touchOverflowNote(int64_t touchOverflow);  // "" when 0

// The box a report shows for the draw: its own pixels', or those it touched.
const PixelRect& drawBox(const DrawBlame& blame);

// [{"draw": 12, "name": "hangar glass" | null, "pixels", "max_delta",
//   "mean_delta", "bbox" | null, "moved", "touched_pixels", "touched_bbox" | null}, ...]
nlohmann::ordered_json drawBlameJson(const std::vector<DrawBlame>& blames);

}  // namespace refrast::diff
