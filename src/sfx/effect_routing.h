// SPDX-License-Identifier: MIT
// Effect-number routing of the Pod port: which table an effect number selects.
// Spec: shared/spec/legacy-behaviours.md §3.1 ("Effect-number routing").
#pragma once

#include <cstdint>
#include <string>

namespace refrast::sfx {

enum class EffectRoute {
    SpecialFx,        // n < 100: the specialfx table, descriptor slot "specialfx<n>"
    ExplosionScript,  // 100 ≤ n ≤ 999: explosion script n
    EmitterSlot,      // n ≥ 1000: particle emitter slot n − 1000
};

struct EffectRouting {
    EffectRoute route = EffectRoute::SpecialFx;
    uint32_t index = 0;  // specialfx number, script number, or emitter slot
};

EffectRouting routeEffectNumber(uint32_t n);

// The [effects_to_load] key of specialfx number n: "specialfx<n>".
std::string specialFxSlotName(uint32_t n);

}  // namespace refrast::sfx
