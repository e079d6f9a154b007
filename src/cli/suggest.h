// SPDX-License-Identifier: MIT
// The command line's name suggestions (formats/name_suggestion.h).
#pragma once

#include "formats/name_suggestion.h"

namespace refrast::cli {

using refrast::closestName;
using refrast::editDistance;

}  // namespace refrast::cli
