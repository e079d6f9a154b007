// SPDX-License-Identifier: MIT
// The `refrast golden` subcommands as functions (the CLI parses into these
// arguments; tests call them with their own renderer and output stream).
#pragma once

#include "src/golden/golden_check.h"

#include <cstdio>
#include <string>
#include <vector>

namespace refrast::golden {

struct GoldenArgs {
    std::vector<std::string> names;  // scene names or directories; empty: all
    std::string scenesDir = "scenes";
    std::string goldenDir = "golden";
    std::string shard;   // "K/N" or empty
    std::string report;  // report directory or empty
    std::string junit;   // JUnit XML file or empty
    bool determinism = false;
    int threads = 0;
};

// Exit status: 0 all passed, 1 a scene failed, 2 a scene (or the input) was bad.
int runGoldenCheck(const GoldenArgs& args, const SceneRenderer& renderer, std::FILE* out);
// Exit status: 0 done, 2 a scene could not be rendered.
int runGoldenUpdate(const GoldenArgs& args, const SceneRenderer& renderer, std::FILE* out);
// Combines report directories into outDir (+ JUnit when junit is set); exit status as for check.
int runGoldenMerge(const std::vector<std::string>& dirs, const std::string& outDir, const std::string& junit,
                   std::FILE* out);

}  // namespace refrast::golden
