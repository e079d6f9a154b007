// SPDX-License-Identifier: MIT
// The process-wide --quiet switch (set once while parsing, read afterwards).
#include "src/cli/quiet.h"

#include <atomic>

namespace refrast::cli {

namespace {
std::atomic<bool> quietMode{false};
}

void setQuiet(bool quiet) { quietMode.store(quiet); }
bool quiet() { return quietMode.load(); }

}  // namespace refrast::cli
