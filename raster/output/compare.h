// SPDX-License-Identifier: MIT
// The D3DCMPFUNC comparison shared by the depth, stencil and alpha tests.
// Spec: D3DCMPFUNC: "the test passes if the new (incoming) value <op> the
// reference/stored value" (fixed-function reference §3, §6).
#pragma once

#include "raster/state/d3d_enums.h"

namespace refrast {

template <class T>
constexpr bool compare(Cmp func, T incoming, T stored) {
    switch (func) {
        case Cmp::Never: return false;
        case Cmp::Less: return incoming < stored;
        case Cmp::Equal: return incoming == stored;
        case Cmp::LessEqual: return incoming <= stored;
        case Cmp::Greater: return incoming > stored;
        case Cmp::NotEqual: return incoming != stored;
        case Cmp::GreaterEqual: return incoming >= stored;
        case Cmp::Always: return true;
    }
    return false;
}

}  // namespace refrast
