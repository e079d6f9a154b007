// SPDX-License-Identifier: MIT
// The board-frame step of one i860 effect particle. Every operation is a
// single float32 operation in the order written (-ffp-contract=off), so the
// result is bit-exact on every IEEE machine.
// Spec: shared/spec/legacy-behaviours.md §3.1 ("Simulation, per board frame at 30 Hz").
#include "formats/sfx/sfx_particle.h"

namespace refrast::sfx {

namespace {

constexpr float kEmberFloor = 0.25f;  // §3.1: "0.25 is the ember floor"

// §3.1: c = h_old × (h_new × cook_c − 0.25) + 0.25, per channel.
void updateColour(SfxParticle& p, const SfxDescriptor& d, float hOld, float hNew) {
    for (int c = 0; c < 3; ++c) p.rgb[c] = hOld * (hNew * d.cook[c] - kEmberFloor) + kEmberFloor;
}

// §3.1: position += velocity × dt, gravity an acceleration (negative rises).
// Explicit Euler: the position moves with the velocity of the frame start,
// then gravity changes the velocity. × dt is computed as / 30.
void move(SfxParticle& p, const SfxDescriptor& d) {
    for (int i = 0; i < 3; ++i) p.position[i] = p.position[i] + p.velocity[i] / kBoardHz;
    p.velocity.y() = p.velocity.y() - d.gravity / kBoardHz;
}

SfxFate fate(const SfxParticle& p, const SfxDescriptor& d, const SfxModelParams& m, float hOld) {
    const float heatRead = m.heatKillReads == HeatKillReads::NewHeat ? p.heat : hOld;
    if (heatRead <= m.heatKillThreshold) return SfxFate::HeatExhausted;
    if (p.position.y() < d.yOff) return SfxFate::BelowKillPlane;  // §3.1: "falls below the kill plane y_off"
    if (m.alphaKill && p.alpha <= 0.0f) return SfxFate::Faded;
    // Age from the integer step count: k / 30 is exact at whole seconds.
    if (static_cast<float>(p.steps) / kBoardHz >= m.lifetimeSeconds) return SfxFate::LifetimeCap;
    return SfxFate::Alive;
}

}  // namespace

SfxParticle freshParticle(uint32_t id, const SfxDescriptor& d, const SfxModelParams& m) {
    SfxParticle p;
    p.id = id;
    p.rgb = d.cook;
    p.size = d.size * m.sizeScale;
    return p;
}

SfxFate stepParticle(SfxParticle& p, const SfxDescriptor& d, const SfxModelParams& m) {
    const float hOld = p.heat;
    if (m.updateOrder == UpdateOrder::HeatColourAlphaPosition) {
        p.heat = hOld * d.coolA;  // §3.1: h_new = h_old × cool_a
        updateColour(p, d, hOld, p.heat);
    } else {
        updateColour(p, d, p.heatPrev, hOld);
        p.heat = hOld * d.coolA;
    }
    p.heatPrev = hOld;
    p.alpha = p.alpha - d.coolB / kBoardHz;  // §3.1: alpha −= cool_b × dt (a per-second fade)
    move(p, d);
    ++p.steps;
    return fate(p, d, m, hOld);
}

}  // namespace refrast::sfx
