// SPDX-License-Identifier: MIT
// The JSON report of `refrast sfx simulate`: every frame's particles, floats
// printed with %.9g so they round-trip to the same float32 bits.
// Spec: docs/sfx.md "JSON output".
#pragma once

#include "formats/sfx/sfx_simulation.h"

#include <cstdint>
#include <string>
#include <vector>

namespace refrast::sfx {

// {"effect": NAME, "seed": S, "frames": [{"frame", "time", "particles": [...]}]}
// one particle per line; the same inputs give the same bytes.
std::string simulationJson(const std::string& effect, uint64_t seed, const std::vector<SimulatedFrame>& frames);

}  // namespace refrast::sfx
