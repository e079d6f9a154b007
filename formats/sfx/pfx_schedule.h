// SPDX-License-Identifier: MIT
// When a .PFX emitter issues its particles: at the effective rate
// maxIssue / releasePeriod, whatever the authored `rate` says.
// Spec: shared/spec/legacy-behaviours.md §3.1 ("Particle emitters (.PFX)").
#pragma once

#include "formats/pfx.h"

#include <cstdint>

namespace refrast::sfx {

// Particles per second actually issued: maxIssue / releasePeriod (§3.1).
double pfxEffectiveRate(const PfxEmitter& e);

// Issue j happens at t_j = j × releasePeriod / maxIssue for every t_j < duration.
int64_t pfxTotalIssues(const PfxEmitter& e);

// How many issues happened at or before board frame k (time k / 30):
// min(floor(k × maxIssue / (30 × releasePeriod)) + 1, total), in double.
int64_t pfxIssuedByFrame(const PfxEmitter& e, int frame);

}  // namespace refrast::sfx
