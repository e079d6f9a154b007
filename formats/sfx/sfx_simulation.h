// SPDX-License-Identifier: MIT
// Whole-effect simulation at 30 Hz board frames: the burst schedule of a
// descriptor (or the issue schedule of a .PFX emitter), stepping, and removal
// of the dead. Frame k is the state after k steps; frame 0 is the first burst.
// Spec: shared/spec/legacy-behaviours.md §3.1; docs/sfx.md "Simulation".
#pragma once

#include "formats/pfx.h"
#include "formats/sfx/sfx_particle.h"

#include <cstdint>
#include <stdexcept>
#include <vector>

namespace refrast::sfx {

// A simulation over resourceLimits().maxParticles; the caller names the input.
class ParticleLimitError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct SimulatedFrame {
    int frame = 0;
    float time = 0.0f;                    // frame / 30 s
    std::vector<SfxParticle> particles;   // alive after the frame's step, ascending id
};

// Frames 0..frames of one effect: burst b (0 ≤ b < repeats) spawns at frame
// b × m.repeatIntervalFrames with ids b × count … b × count + count − 1.
std::vector<SimulatedFrame> simulateEffect(const SfxDescriptor& d, uint64_t seed, int frames,
                                           const SfxModelParams& m = {});

// The board frame shown at `seconds` into an effect: the nearest, round(seconds × 30).
int boardFrameAt(float seconds);

// The state at the board frame nearest `seconds` (for scenes placing an effect at a time).
SimulatedFrame simulateEffectAt(const SfxDescriptor& d, uint64_t seed, float seconds,
                                const SfxModelParams& m = {});

// Frames 0..frames of a .PFX emitter: each issued particle is a burst of one
// (own rotation), issued at the frames of pfxIssuedByFrame.
std::vector<SimulatedFrame> simulateEmitter(const PfxEmitter& e, uint64_t seed, int frames,
                                            const SfxModelParams& m = {});

}  // namespace refrast::sfx
