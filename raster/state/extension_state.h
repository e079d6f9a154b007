// SPDX-License-Identifier: MIT
// Render state that is not D3D9's but that the ports' renderers add around the
// fixed-function pipeline: the Pod material ramp and the AC detail-pass fade.
// Spec: legacy-behaviours §3 (material ramp), §1 (detail fade).
#pragma once

#include <cstdint>

namespace refrast {

// Pod port: geometry without normals is coloured by a two-endpoint ramp indexed
// by the stage-0 texel's luminance (docs/fixed-function.md §9.1).
struct MaterialRampState {
    bool enable = false;
    uint32_t low = 0xFF000000;   // D3DCOLOR at luminance 0
    uint32_t high = 0xFFFFFFFF;  // D3DCOLOR at luminance 1
};

// AC port detail pass: the pixel colour (rgb and alpha) is scaled by
// fade = clamp((far - z) / (far - near), 0, 1), z = positive view depth in metres
// (docs/fixed-function.md §9.2).
struct DepthFadeState {
    bool enable = false;
    float nearDistance = 10.0f;  // full detail up to here
    float farDistance = 50.0f;   // no detail at and beyond here
};

}  // namespace refrast
