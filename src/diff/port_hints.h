// SPDX-License-Identifier: MIT
// Port-bug hints: does one global transform (the classic readback mistakes)
// explain most of a failing difference? docs/diff.md, "Hints".
#pragma once

#include "refrast/diff.h"

#include <string>

namespace refrast::diff {

// Tries every transform and returns the best one ("images match after
// swapping R and B"), or an empty hint when none removes at least half of
// the differing pixels. Honours the mask, ignoreAlpha and the tolerance; the
// position-deviation excuse is not applied (the shift candidates cover it).
// plainDiffering: the differing-pixel count without that excuse when the
// caller already has it (< 0: counted here).
PortHint findPortBugHint(const Image& a, const Image& b, const DiffOptions& options, int64_t plainDiffering);

// Shifts are searched up to this many pixels in x and y.
constexpr int kMaxHintShift = 4;
// A transformed pixel still counts as explained this far beyond the tolerance.
constexpr int kHintNoise = 2;

}  // namespace refrast::diff
