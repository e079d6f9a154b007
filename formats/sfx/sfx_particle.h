// SPDX-License-Identifier: MIT
// One i860 effect particle and its board-frame step: heat, per-channel colour,
// alpha fade, motion under gravity, and the four kill rules.
// Spec: shared/spec/legacy-behaviours.md §3.1 ("Simulation, per board frame at 30 Hz").
#pragma once

#include "formats/sfx/sfx_model_params.h"
#include "formats/sfx_ini.h"
#include "raster/math/vec.h"

#include <array>
#include <cstdint>

namespace refrast::sfx {

struct SfxParticle {
    uint32_t id = 0;
    Vec3 position{0.0f, 0.0f, 0.0f};  // world units, relative to the effect origin (y up)
    Vec3 velocity{0.0f, 0.0f, 0.0f};  // world units per second
    float heat = 1.0f;                // §3.1: heat starts at 1.0
    float heatPrev = 1.0f;            // heat before the last step (read by UpdateOrder::ColourBeforeHeat)
    std::array<float, 3> rgb{};       // unclamped simulation colour; starts at cook
    float alpha = 1.0f;               // unclamped; §3.1: alpha starts at 1
    float size = 0.0f;                // radius: descriptor size × sizeScale
    int steps = 0;                    // board frames simulated; age = steps / 30 s
};

// Why a step ended a particle's life (Alive: it lives on).
enum class SfxFate { Alive, HeatExhausted, BelowKillPlane, Faded, LifetimeCap };

// A particle as spawned, before any step: heat 1, colour = cook (the colour
// formula's value at h_old = h_new = 1), alpha 1.
SfxParticle freshParticle(uint32_t id, const SfxDescriptor& d, const SfxModelParams& m);

// One board frame (dt = 1/30 s) in the order of m.updateOrder, then the kill tests.
SfxFate stepParticle(SfxParticle& p, const SfxDescriptor& d, const SfxModelParams& m);

}  // namespace refrast::sfx
