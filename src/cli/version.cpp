// SPDX-License-Identifier: MIT
// The version strings (the revision header is generated at every build).
#include "src/cli/version.h"

#include "refrast_revision.h"

namespace refrast::cli {

std::string versionNumber() { return REFRAST_VERSION; }
std::string revision() { return REFRAST_REVISION; }
std::string versionLine() { return "refrast " + versionNumber() + " (" + revision() + ")"; }
nlohmann::ordered_json versionJson() { return {{"version", versionNumber()}, {"revision", revision()}}; }

}  // namespace refrast::cli
