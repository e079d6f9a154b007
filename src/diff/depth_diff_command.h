// SPDX-License-Identifier: MIT
// `refrast diff A B --depth-format F --raw-size WxH [--depth-tolerance N]
// [--max-pixels N] [--max-fraction F]`: raw depth readbacks compared in
// depth units, with a one-line report like the colour diff's (docs/diff.md
// "Depth files"). Exit 0 pass, 1 fail.
#pragma once

#include "src/diff/diff_cli_options.h"

#include <CLI/CLI.hpp>

#include <string>

namespace refrast::diff {

struct DepthDiffOptions {
    std::string format;     // empty: the inputs are images
    double tolerance = 0;   // depth units
};

void addDepthDiffOptions(CLI::App* cmd, DepthDiffOptions& options);
int runDepthDiff(const std::string& a, const std::string& b, const DepthDiffOptions& options,
                 const DiffCliOptions& diffOptions);

}  // namespace refrast::diff
