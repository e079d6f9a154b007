// SPDX-License-Identifier: MIT
// The .PFX issue schedule (docs/sfx.md "PFX files").
// Spec: shared/spec/legacy-behaviours.md §3.1 ("Particle emitters (.PFX)").
#include "formats/sfx/pfx_schedule.h"

#include "formats/sfx/sfx_model_params.h"

#include <algorithm>
#include <cmath>

namespace refrast::sfx {

double pfxEffectiveRate(const PfxEmitter& e) {
    // §3.1: "the effective emission rate is always maxIssue / releasePeriod;
    // the authored rate field is not trusted" - e.authoredRate is never read.
    return static_cast<double>(e.maxIssue) / static_cast<double>(e.releasePeriod);
}

int64_t pfxTotalIssues(const PfxEmitter& e) {
    // j < duration × rate; the count of such j ≥ 0 is ceil(duration × rate).
    return static_cast<int64_t>(std::ceil(static_cast<double>(e.duration) * pfxEffectiveRate(e)));
}

int64_t pfxIssuedByFrame(const PfxEmitter& e, int frame) {
    if (frame < 0) return 0;
    // t_j ≤ k / 30  ⇔  j ≤ k × maxIssue / (30 × releasePeriod).
    const double last = std::floor(static_cast<double>(frame) * e.maxIssue /
                                   (static_cast<double>(kBoardHz) * static_cast<double>(e.releasePeriod)));
    return std::min(static_cast<int64_t>(last) + 1, pfxTotalIssues(e));
}

}  // namespace refrast::sfx
