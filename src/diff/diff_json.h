// SPDX-License-Identifier: MIT
// The JSON form of a diff result (schema "refrast-diff/1", docs/diff.md),
// shared by `refrast diff --json` and the golden reports.
#pragma once

#include "refrast/diff.h"

#include <nlohmann/json.hpp>

namespace refrast::diff {

// The metric keys of one DiffMetrics (compared_pixels ... bbox).
nlohmann::ordered_json metricsJson(const DiffMetrics& metrics, bool ignoreAlpha);

// Everything in a DiffResult: settings, thresholds, metrics, regions, hint, pass.
nlohmann::ordered_json resultJson(const DiffResult& result);

}  // namespace refrast::diff
