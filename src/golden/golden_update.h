// SPDX-License-Identifier: MIT
// `golden update`: re-render scenes and rewrite only the goldens whose decoded
// pixels changed (docs/golden.md).
#pragma once

#include "src/golden/golden_check.h"

#include <string>
#include <vector>

namespace refrast::golden {

enum class UpdateKind { Unchanged, Created, Updated, Error };

struct UpdateOutcome {
    UpdateKind kind = UpdateKind::Unchanged;
    std::string line;  // "updated NAME: 13 of 4096 pixels changed (3.1738e-03), max delta 12"
};

// Updates in parallel; lines go to `progress` in list order.
std::vector<UpdateOutcome> updateScenes(const std::vector<SceneEntry>& scenes, const std::string& goldenDir,
                                        const SceneRenderer& renderer, int threads, Progress& progress);

// "golden update: 40 scenes: 1 created, 2 updated, 37 unchanged, 0 errors"
std::string updateSummaryLine(const std::vector<UpdateOutcome>& outcomes);

}  // namespace refrast::golden
