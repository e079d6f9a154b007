// SPDX-License-Identifier: MIT
// Alpha-test render states. Spec: D3DRS_ALPHATESTENABLE, ALPHAFUNC, ALPHAREF
// (fixed-function reference §0 defaults, §6).
#pragma once

#include "raster/state/d3d_enums.h"

#include <cstdint>

namespace refrast {

struct AlphaTestState {
    bool enable = false;       // D3DRS_ALPHATESTENABLE
    Cmp func = Cmp::Always;    // D3DRS_ALPHAFUNC
    uint32_t ref = 0;          // D3DRS_ALPHAREF; only the low 8 bits are used
};

}  // namespace refrast
