// SPDX-License-Identifier: MIT
// The D3DCMPFUNC comparison shared by the depth, stencil and alpha tests.
// Spec: D3DCMPFUNC: "the test passes if the new (incoming) value <op> the
// reference/stored value" (fixed-function reference §3, §6).
#pragma once

#include "raster/state/d3d_enums.h"

namespace refrast {

// Also over lane types (raster/lanes/lanes.h): Bool is what `incoming <
// stored` gives (bool, or a lane mask), NEVER and ALWAYS its splat. Always
// inlined, so a kernel unit emits no copy of it outside its level's namespace.
template <class T, class Bool = decltype(T() < T())>
[[gnu::always_inline]] constexpr Bool compare(Cmp func, T incoming, T stored) {
    switch (func) {
        case Cmp::Never: return Bool(false);
        case Cmp::Less: return incoming < stored;
        case Cmp::Equal: return incoming == stored;
        case Cmp::LessEqual: return incoming <= stored;
        case Cmp::Greater: return incoming > stored;
        case Cmp::NotEqual: return incoming != stored;
        case Cmp::GreaterEqual: return incoming >= stored;
        case Cmp::Always: return Bool(true);
    }
    return Bool(false);
}

}  // namespace refrast
