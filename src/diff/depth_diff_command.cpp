// SPDX-License-Identifier: MIT
// The depth form of `refrast diff`: both inputs are raw depth readbacks of
// --depth-format and --raw-size (docs/diff.md "Depth files").
#include "src/diff/depth_diff_command.h"

#include "refrast/error.h"
#include "refrast/image.h"
#include "src/cli/quiet.h"
#include "src/diff/depth_diff.h"

#include <cstdio>

namespace refrast::diff {

void addDepthDiffOptions(CLI::App* cmd, DepthDiffOptions& o) {
    cmd->add_option("--depth-format", o.format,
                    "Both inputs are raw depth files (render --depth-out) of this format: D16, D24S8, D32F, ...");
    cmd->add_option("--depth-tolerance", o.tolerance,
                    "With --depth-format: a pixel differs when its |delta| exceeds N depth units (UNORM: integer "
                    "steps; float formats: the depth value) (default 0)");
}

int runDepthDiff(const std::string& aPath, const std::string& bPath, const DepthDiffOptions& o,
                 const DiffCliOptions& options) {
    if (options.rawSize.empty()) throw UsageError("--depth-format needs --raw-size WxH (the depth file's size)");
    if (!(o.tolerance >= 0)) throw UsageError("--depth-tolerance must be >= 0");
    RawLayout size;
    parseRawSize(options.rawSize, size);
    const DepthFormat format = parseDepthFormatName(o.format);
    const DepthPlane a = decodeDepthFile(readFileBytes(aPath), size.width, size.height, format, aPath);
    const DepthPlane b = decodeDepthFile(readFileBytes(bPath), size.width, size.height, format, bPath);
    const DepthDiffResult r = compareDepth(a, b, o.tolerance);
    const DiffGate& g = options.compare.gate;
    const double fraction = r.compared ? double(r.differing) / double(r.compared) : 0.0;
    bool pass = true;
    std::string gate = g.maxFraction || g.maxPixels ? "" : "exact";
    if (g.maxFraction) {
        pass = pass && fraction <= *g.maxFraction;
        gate += "max fraction " + std::to_string(*g.maxFraction);
    }
    if (g.maxPixels) {
        pass = pass && r.differing <= *g.maxPixels;
        gate += (gate.empty() ? "" : ", ") + std::string("max pixels ") + std::to_string(*g.maxPixels);
    }
    if (!g.maxFraction && !g.maxPixels) pass = r.differing == 0;
    char at[64] = "";
    if (r.maxX >= 0) std::snprintf(at, sizeof at, " at (%d, %d)", r.maxX, r.maxY);
    char line[512];
    std::snprintf(line, sizeof line,
                  "depth %s: differing fraction %.4e (%lld of %lld pixels), max delta %.9g%s, mean abs delta %.4g: %s "
                  "(%s, depth tolerance %.9g)",
                  o.format.c_str(), fraction, static_cast<long long>(r.differing), static_cast<long long>(r.compared),
                  r.maxDelta, at, r.meanDelta, pass ? "PASS" : "FAIL", gate.c_str(), o.tolerance);
    if (!pass || !cli::quiet()) std::printf("%s\n", line);
    return pass ? 0 : 1;
}

}  // namespace refrast::diff
