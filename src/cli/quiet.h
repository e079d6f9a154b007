// SPDX-License-Identifier: MIT
// `refrast --quiet`: suites print only their failures, errors and summary,
// and no timings.
#pragma once

namespace refrast::cli {

void setQuiet(bool quiet);
bool quiet();

}  // namespace refrast::cli
