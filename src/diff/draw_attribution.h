// SPDX-License-Identifier: MIT
// Differences attributed to draws: every differing pixel belongs to the draw
// that last wrote it in the oracle's render (its draw-id plane), and the
// draws are listed worst first (docs/diff.md, "Draw attribution").
#pragma once

#include "refrast/diff.h"

#include <nlohmann/json.hpp>

#include <cstdint>
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
};

// needs result.pixelClasses; drawId is row-major like the images (draw + 1,
// 0 = clear); names[d] is draw d's name. Sorted by pixels, then max delta
// (both descending), then draw index.
std::vector<DrawBlame> attributeToDraws(const Image& a, const Image& b, const DiffResult& result,
                                        const std::vector<uint32_t>& drawId, const std::vector<std::string>& names);

// `draw 12 "hangar glass": 5480 px, max delta 37, mean delta 9.1, bbox [l,t,r,b]`
// (`clear: ...` for the cleared pixels; no quotes for an unnamed draw).
std::string drawBlameLine(const DrawBlame& blame);

// [{"draw": 12, "name": "hangar glass" | null, "pixels", "max_delta", "mean_delta", "bbox"}, ...]
nlohmann::ordered_json drawBlameJson(const std::vector<DrawBlame>& blames);

}  // namespace refrast::diff
