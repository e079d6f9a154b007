// SPDX-License-Identifier: MIT
// The named switches and parameters of the i860 particle model: each reading
// or [param] of §3.1 with the default given there, plus refrast's own choices
// where §3.1 gives no figure (each marked so). docs/sfx.md "Parameters" lists them.
// Spec: shared/spec/legacy-behaviours.md §3.1.
#pragma once

#include <string>

namespace refrast::sfx {

constexpr float kBoardHz = 30.0f;  // §3.1: "per board frame at 30 Hz"

// Which heat the heat kill test reads (§3.1 reading: h_new).
enum class HeatKillReads { NewHeat, OldHeat };

// The per-frame update order (§3.1 reading: heat → colour → alpha → position).
// ColourBeforeHeat computes colour first, so it reads the heat pair of the
// previous step (h_prev, h_old) and lags heat by one frame.
enum class UpdateOrder { HeatColourAlphaPosition, ColourBeforeHeat };

struct SfxModelParams {
    // §3.1 readings, each a switch.
    HeatKillReads heatKillReads = HeatKillReads::NewHeat;
    bool alphaKill = true;        // a particle dies when its alpha reaches 0 or less
    bool clampForDrawing = true;  // colour channels and alpha clamped to [0, 1] for drawing
    UpdateOrder updateOrder = UpdateOrder::HeatColourAlphaPosition;

    // §3.1 figures.
    float heatKillThreshold = 1e-4f;  // dies when the read heat ≤ this
    float lifetimeSeconds = 7.0f;     // lifetime cap

    // §3.1 [param]s.
    float coneUpBiasScale = 1.0f;  // launch cone: upward offset = v_bias × this ("v_bias as an upward bias")
    float sizeScale = 0.5f;        // particle radius = descriptor size × this ("size × 0.5")
    float burstScatter = 0.2f;     // spawn offset radius = descriptor size × this ("burst scatter × 0.2")
    float occlusionCold = 0.45f;   // drawn opacity factor at heat 0 ("hot-phase occlusion 0.45–0.9")
    float occlusionHot = 0.9f;     // drawn opacity factor at heat 1

    // refrast's choices where §3.1 gives no figure.
    float burstRotationMaxAngle = 0.25f;  // radians per axis of the burst's small-angle rotation
    int repeatIntervalFrames = 3;         // board frames between bursts when repeats > 1
};

// Applies one "name=value" override (the CLI's --param); names and values as
// in docs/sfx.md "Parameters". Throws UsageError for an unknown name or bad value.
void setSfxModelParam(SfxModelParams& m, const std::string& assignment);

}  // namespace refrast::sfx
