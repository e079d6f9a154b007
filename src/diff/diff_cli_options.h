// SPDX-License-Identifier: MIT
// The diff options shared by `refrast diff`, `refrast check` (and the golden
// commands): registration on a CLI11 subcommand, and the run that crops,
// compares, prints the report and writes the requested files.
#pragma once

#include "formats/raw_image.h"
#include "src/diff/draw_attribution.h"
#include "refrast/diff.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace refrast::diff {

struct DiffCliOptions {
    DiffOptions compare;  // tolerance, position deviation, ignore alpha, gate
    std::string crop, cropA, cropB, mask;
    std::vector<std::string> regions;  // "NAME=L,T,R,B"
    std::string json, diffImage, sideBySide;
    SideBySideOptions sideBySideOptions;
    bool noHints = false;
    bool timings = false;
    std::string rawSize, rawFormat;
    int64_t rawStride = 0;
    bool rawFlipY = false;
};

// Registers every diff option (docs/diff.md, "Options") on `cmd`.
void addDiffOptions(CLI::App* cmd, DiffCliOptions& options);

// The raw layout for inputs that are not PNG, when --raw-size was given.
std::optional<RawLayout> rawLayoutOf(const DiffCliOptions& options);

struct NamedImage {
    std::string name;  // for messages and the JSON report
    Image image;
};

// Crops both images, reads the mask, compares, prints the summary, region and
// hint lines to stdout, writes --json/--diff-image/--side-by-side, and returns
// the exit status (0 pass, 1 fail). Bad input throws InputError/UsageError.
// decodeMs (>= 0) is printed with --timings. With `draws` (A's planes,
// before cropping), the differing pixels are attributed to draws (text and JSON).
int runDiffGate(NamedImage a, NamedImage b, const DiffCliOptions& options, double decodeMs,
                const DrawPlanes* draws = nullptr);

// Parses "L,T,R,B" (right/bottom exclusive, non-empty); `flag` names it in errors.
PixelRect parseRect(const std::string& text, const std::string& flag);

}  // namespace refrast::diff
