// SPDX-License-Identifier: MIT
// .PFX particle-emitter files: refrast's documented INI form of the Pod port's
// emitters (an [emitter] section for the issue schedule, a [particle] section
// with the descriptor keys of §3.1 for what is issued).
// Spec: shared/spec/legacy-behaviours.md §3.1 ("Particle emitters"); docs/sfx.md "PFX files".
#pragma once

#include "formats/sfx_ini.h"

#include <string>

namespace refrast {

struct PfxEmitter {
    std::string file;
    int maxIssue = 1;            // particles issued per release period
    float releasePeriod = 1.0f;  // seconds
    // The authored `rate` (particles per second). Parsed and range-checked but
    // never used: §3.1 says the effective rate is maxIssue / releasePeriod.
    float authoredRate = 0.0f;
    float duration = 0.0f;       // seconds during which the emitter issues
    SfxDescriptor particle;      // the [particle] section; count = repeats = 1
};

PfxEmitter parsePfx(const std::string& text, const std::string& file);
PfxEmitter loadPfx(const std::string& path);

}  // namespace refrast
