// SPDX-License-Identifier: MIT
// Effect-number routing: < 100 specialfx, 100–999 explosion script, ≥ 1000 emitter slot n − 1000.
#include "src/sfx/effect_routing.h"

#include <doctest/doctest.h>

using namespace refrast::sfx;

namespace {
bool routes(uint32_t n, EffectRoute route, uint32_t index) {
    const EffectRouting r = routeEffectNumber(n);
    return r.route == route && r.index == index;
}
}  // namespace

TEST_CASE("sfx/routing: the three ranges and their boundaries") {
    CHECK(routes(0, EffectRoute::SpecialFx, 0));
    CHECK(routes(15, EffectRoute::SpecialFx, 15));  // Fireball
    CHECK(routes(99, EffectRoute::SpecialFx, 99));
    CHECK(routes(100, EffectRoute::ExplosionScript, 100));
    CHECK(routes(999, EffectRoute::ExplosionScript, 999));
    CHECK(routes(1000, EffectRoute::EmitterSlot, 0));
    CHECK(routes(1003, EffectRoute::EmitterSlot, 3));
    CHECK(routes(4294967295u, EffectRoute::EmitterSlot, 4294966295u));
}

TEST_CASE("sfx/routing: specialfx numbers name their [effects_to_load] slot") {
    CHECK(specialFxSlotName(15) == "specialfx15");
}
