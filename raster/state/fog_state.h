// SPDX-License-Identifier: MIT
// Fog render states (D3DRS_FOG*, RANGEFOGENABLE) and the squared-distance
// vertex fog extension. Spec: D3DFOGMODE; fixed-function reference §0 defaults, §5.
#pragma once

#include <cstdint>

namespace refrast {

enum class FogMode : uint8_t {  // D3DFOGMODE
    None = 0,
    Exp = 1,
    Exp2 = 2,
    Linear = 3,
};
static_assert(int(FogMode::None) == 0 && int(FogMode::Exp) == 1 && int(FogMode::Exp2) == 2 &&
                  int(FogMode::Linear) == 3,
              "FogMode must carry D3DFOG_* values (d3d9types.h)");

struct FogState {
    bool enable = false;        // D3DRS_FOGENABLE
    uint32_t color = 0;         // D3DRS_FOGCOLOR (alpha ignored)
    FogMode tableMode = FogMode::None;   // D3DRS_FOGTABLEMODE (per-pixel fog)
    FogMode vertexMode = FogMode::None;  // D3DRS_FOGVERTEXMODE
    float start = 0.0f;         // D3DRS_FOGSTART
    float end = 1.0f;           // D3DRS_FOGEND
    float density = 1.0f;       // D3DRS_FOGDENSITY
    bool rangeFogEnable = false;  // D3DRS_RANGEFOGENABLE (vertex fog only)
    // Extension (legacy-behaviours §4.3, Iron3D): LINEAR vertex fog follows the
    // squared distance, keep = 1 - (d^2 - s^2) / (e^2 - s^2). No effect on
    // EXP/EXP2 or table fog.
    bool squaredDistance = false;
};

}  // namespace refrast
