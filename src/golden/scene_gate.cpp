// SPDX-License-Identifier: MIT
// Scene gate -> diff options.
#include "src/golden/scene_gate.h"

namespace refrast::golden {

DiffOptions diffOptionsFor(const GateSpec& gate) {
    DiffOptions o;
    o.tolerance = gate.tolerance;
    o.positionDeviation = gate.positionDeviation;
    if (gate.maxFraction >= 0) o.gate.maxFraction = gate.maxFraction;  // < 0: not set
    if (gate.maxPixels >= 0) o.gate.maxPixels = gate.maxPixels;
    return o;
}

}  // namespace refrast::golden
