// SPDX-License-Identifier: MIT
// refrast's version and the git revision it was built from: `--version`, and
// stamped into report.json, JUnit XML and the HTML report.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace refrast::cli {

std::string versionNumber();  // "0.1.0" (CMake's project version)
std::string revision();       // `git describe --always --dirty`, or "unknown"
// "refrast 0.1.0 (524e513a1b2c)"
std::string versionLine();
// {"version": "0.1.0", "revision": "524e513a1b2c"}
nlohmann::ordered_json versionJson();

}  // namespace refrast::cli
