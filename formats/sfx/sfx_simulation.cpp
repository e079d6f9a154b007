// SPDX-License-Identifier: MIT
// The effect and emitter simulation loops (docs/sfx.md "Simulation").
// Spec: shared/spec/legacy-behaviours.md §3.1.
#include "formats/sfx/sfx_simulation.h"

#include "formats/sfx/pcg32.h"
#include "formats/sfx/pfx_schedule.h"
#include "formats/sfx/sfx_burst.h"
#include "formats/resource_budget.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace refrast::sfx {

namespace {

// Spawns whatever the schedule issues at frame k (after the frame's step).
using Spawner = std::function<void(int frame, std::vector<SfxParticle>& live)>;

void stepAll(std::vector<SfxParticle>& live, const SfxDescriptor& d, const SfxModelParams& m) {
    std::vector<SfxParticle> survivors;
    survivors.reserve(live.size());
    for (SfxParticle& p : live)
        if (stepParticle(p, d, m) == SfxFate::Alive) survivors.push_back(p);
    live.swap(survivors);
}

// Frames 0..frames; with keepAll false only the last frame is kept (a scene
// placing an effect at a time needs no history). Every kept particle record
// counts against resourceLimits().maxParticles, checked as the frames are
// built, so a hostile emitter is an error before it is gigabytes.
std::vector<SimulatedFrame> run(const SfxDescriptor& d, int frames, const SfxModelParams& m, const Spawner& spawn,
                                bool keepAll) {
    std::vector<SimulatedFrame> out;
    std::vector<SfxParticle> live;
    const int64_t limit = resourceLimits().maxParticles;
    int64_t records = 0;
    for (int k = 0; k <= frames; ++k) {
        if (k > 0) stepAll(live, d, m);
        spawn(k, live);
        if (int64_t(live.size()) > limit || (keepAll && (records += int64_t(live.size())) > limit))
            throw ParticleLimitError(std::to_string(keepAll ? records : int64_t(live.size())) +
                                     " particle records by frame " + std::to_string(k) + " exceed the particle limit of " +
                                     std::to_string(limit) + " (--max-particles raises it)");
        if (keepAll || k == frames) out.push_back({k, static_cast<float>(k) / kBoardHz, live});
    }
    return out;
}

}  // namespace

namespace {

std::vector<SimulatedFrame> simulateEffectFrames(const SfxDescriptor& d, uint64_t seed, int frames,
                                                 const SfxModelParams& m, bool keepAll) {
    Pcg32 rng = sfxRandomStream(seed, d.name);
    const int interval = std::max(m.repeatIntervalFrames, 1);
    return run(d, frames, m, [&](int k, std::vector<SfxParticle>& live) {
        if (k % interval != 0 || k / interval >= d.repeats) return;
        spawnBurst(d, m, rng, static_cast<uint32_t>(k / interval * d.count), live);
    }, keepAll);
}

}  // namespace

std::vector<SimulatedFrame> simulateEffect(const SfxDescriptor& d, uint64_t seed, int frames,
                                           const SfxModelParams& m) {
    return simulateEffectFrames(d, seed, frames, m, true);
}

int boardFrameAt(float seconds) {
    return static_cast<int>(std::lround(static_cast<double>(seconds) * static_cast<double>(kBoardHz)));
}

SimulatedFrame simulateEffectAt(const SfxDescriptor& d, uint64_t seed, float seconds, const SfxModelParams& m) {
    return simulateEffectFrames(d, seed, std::max(0, boardFrameAt(seconds)), m, false).back();
}

std::vector<SimulatedFrame> simulateEmitter(const PfxEmitter& e, uint64_t seed, int frames,
                                            const SfxModelParams& m) {
    Pcg32 rng = sfxRandomStream(seed, e.particle.name);
    return run(e.particle, frames, m, [&](int k, std::vector<SfxParticle>& live) {
        for (int64_t j = pfxIssuedByFrame(e, k - 1); j < pfxIssuedByFrame(e, k); ++j)
            spawnBurst(e.particle, m, rng, static_cast<uint32_t>(j), live);
    }, true);
}

}  // namespace refrast::sfx
