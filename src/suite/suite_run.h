// SPDX-License-Identifier: MIT
// `refrast check CAPTURES_DIR --against READBACKS_DIR`: every capture rendered
// (or its render taken from the cache) and compared, under its gate, with the
// GPU's readback of the same frame (docs/suite.md).
#pragma once

#include "formats/raw_image.h"
#include "src/golden/golden_check.h"

#include <cstdio>
#include <optional>
#include <string>

namespace refrast::suite {

struct SuiteArgs {
    std::string captures, readbacks;
    std::string shard;   // "K/N" or empty
    std::string report;  // HTML report + report.json directory, or empty
    std::string junit, json, cache;
    int threads = 0;
    std::optional<RawLayout> raw;  // for readbacks that are NAME.raw
};

// Exit status 0 every capture passed, 1 one failed, 2 an error (a missing or
// unreadable readback, a bad capture, bad usage). Lines go to `out`, the run
// time to stderr.
int runSuite(const SuiteArgs& args, const golden::SceneRenderer& renderer, std::FILE* out);

}  // namespace refrast::suite
