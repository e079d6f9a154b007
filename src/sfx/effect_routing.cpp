// SPDX-License-Identifier: MIT
// Effect-number routing (docs/sfx.md "Routing").
// Spec: shared/spec/legacy-behaviours.md §3.1 ("Effect-number routing").
#include "src/sfx/effect_routing.h"

namespace refrast::sfx {

namespace {
constexpr uint32_t kFirstExplosionScript = 100;  // §3.1: "100–999 an explosion script"
constexpr uint32_t kFirstEmitterNumber = 1000;   // §3.1: "≥ 1000 particle emitter slot n − 1000"
}  // namespace

EffectRouting routeEffectNumber(uint32_t n) {
    if (n < kFirstExplosionScript) return {EffectRoute::SpecialFx, n};
    if (n < kFirstEmitterNumber) return {EffectRoute::ExplosionScript, n};
    return {EffectRoute::EmitterSlot, n - kFirstEmitterNumber};
}

std::string specialFxSlotName(uint32_t n) { return "specialfx" + std::to_string(n); }

}  // namespace refrast::sfx
