// SPDX-License-Identifier: MIT
// Port-bug hints: does one global transform (the classic readback mistakes)
// explain most of a failing difference? docs/diff.md, "Hints".
#pragma once

#include "refrast/diff.h"

#include <string>

namespace refrast::diff {

// Tries every transform and returns the best one's one-line hint ("images
// match after swapping R and B"), or "" when none removes at least half of
// the differing pixels. Honours the mask, ignoreAlpha and the tolerance; the
// position-deviation excuse is not applied (the shift candidates cover it).
// plainDiffering: the differing-pixel count without that excuse when the
// caller already has it (< 0: counted here).
std::string findPortBugHint(const Image& a, const Image& b, const DiffOptions& options, int64_t plainDiffering);

}  // namespace refrast::diff
