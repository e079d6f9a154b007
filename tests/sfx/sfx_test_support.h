// SPDX-License-Identifier: MIT
// Shared fixtures of the sfx tests: a neutral descriptor whose every rule is
// switched off (no cooling, no fade, no gravity, kill plane far below), so a
// test changes only the field of the rule it exercises.
#pragma once

#include "formats/sfx_ini.h"

namespace refrast::sfx::test {

inline SfxDescriptor neutralDescriptor() {
    SfxDescriptor d;
    d.name = "Test";
    d.size = 1.0f;
    d.yOff = -1000.0f;
    d.cook = {1.0f, 0.6f, 0.3f};
    d.coolA = 1.0f;  // heat stays 1
    d.coolB = 0.0f;  // alpha stays 1
    return d;
}

}  // namespace refrast::sfx::test
