// SPDX-License-Identifier: MIT
// A scene's own pixel gate: the optional top-level "gate" object of a scene
// file (docs/golden.md). Absent means an exact match.
#pragma once

#include "refrast/diff.h"

#include <string>

namespace refrast::golden {

struct GateSpec {
    int tolerance = 0;
    int positionDeviation = 0;
    DiffGate gate;       // max_fraction / max_pixels (exact when neither is set)
    std::string reason;  // why the scene needs a tolerance (free text)

    DiffOptions diffOptions() const;
};

// Reads only the top-level "gate" key of the scene file at `path` (strict:
// unknown keys and out-of-range values are InputErrors with the JSON pointer).
GateSpec readGate(const std::string& path);

}  // namespace refrast::golden
