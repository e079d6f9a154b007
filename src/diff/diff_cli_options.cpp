// SPDX-License-Identifier: MIT
// Registration of the shared diff options on a CLI11 subcommand.
#include "src/diff/diff_cli_options.h"

#include "refrast/error.h"

#include <charconv>

namespace refrast::diff {

namespace {

void addGateOptions(CLI::App* cmd, DiffCliOptions& o) {
    DiffGate& g = o.compare.gate;
    cmd->add_option("--tolerance", o.compare.tolerance, "A pixel differs when a channel's |delta| exceeds N (default 0)")
        ->check(CLI::Range(0, 255));
    cmd->add_option_function<double>("--max-fraction", [&g](const double& v) { g.maxFraction = v; },
                                     "Pass when differing_fraction <= F")->check(CLI::Range(0.0, 1.0));
    cmd->add_option_function<int64_t>("--max-pixels", [&g](const int64_t& v) { g.maxPixels = v; },
                                      "Pass when differing_pixels <= N")->check(CLI::NonNegativeNumber);
    cmd->add_option_function<int>("--max-delta", [&g](const int& v) { g.maxDelta = v; },
                                  "Pass when every channel's max_delta <= N")->check(CLI::Range(0, 255));
    cmd->add_option_function<double>("--max-mean-error", [&g](const double& v) { g.maxMeanError = v; },
                                     "Pass when mean_abs_error.rgb <= E")->check(CLI::Range(0.0, 255.0));
    cmd->add_option("--position-deviation", o.compare.positionDeviation,
                    "Excuse a differing pixel matched within K pixels both ways (edge shifts)")
        ->check(CLI::Range(0, 64));
    cmd->add_flag("--ignore-alpha", o.compare.ignoreAlpha, "Compare R, G, B only");
    cmd->add_flag("--no-hints", o.noHints, "Do not look for a port-bug transform when the gate fails");
}

void addAreaOptions(CLI::App* cmd, DiffCliOptions& o) {
    CLI::Option* crop = cmd->add_option("--crop", o.crop, "Compare only L,T,R,B of both images (right, bottom exclusive)");
    cmd->add_option("--crop-a", o.cropA, "Crop the first image to L,T,R,B")->excludes(crop);
    cmd->add_option("--crop-b", o.cropB, "Crop the second image to L,T,R,B")->excludes(crop);
    cmd->add_option("--mask", o.mask, "Ignore pixels where MASK.png is black or transparent");
    cmd->add_option("--region", o.regions, "Per-region statistics, NAME=L,T,R,B (repeatable)")
        ->allow_extra_args(false);  // one value per flag: never swallows A and B
}

void addRawOptions(CLI::App* cmd, DiffCliOptions& o) {
    CLI::Option* size = cmd->add_option("--raw-size", o.rawSize, "Raw (non-PNG) inputs are WxH pixels");
    CLI::Option* format = cmd->add_option("--raw-format", o.rawFormat, "Raw pixel byte order")
                              ->check(CLI::IsMember({"rgba8", "bgra8", "rgbx8", "bgrx8"}));
    // --raw-size alone is the depth form's size (--depth-format); images need both.
    format->needs(size);
    cmd->add_option("--raw-stride", o.rawStride, "Bytes per raw row (default width * 4)")
        ->check(CLI::PositiveNumber)->needs(size);
    cmd->add_flag("--raw-flip-y", o.rawFlipY, "Raw rows are stored bottom to top")->needs(size);
}

void addOutputOptions(CLI::App* cmd, DiffCliOptions& o) {
    cmd->add_option("--json", o.json, "Write the JSON report (schema refrast-diff/1)");
    cmd->add_option("--diff-image", o.diffImage, "Write the heat map PNG");
    CLI::Option* sbs = cmd->add_option("--side-by-side", o.sideBySide, "Write A | B | heat map as one PNG");
    cmd->add_option("--zoom", o.sideBySideOptions.zoom, "Enlarge the side-by-side image N times (nearest neighbour)")
        ->check(CLI::Range(1, 16))->needs(sbs);
    cmd->add_flag("--crop-to-diff", o.sideBySideOptions.cropToDiff,
                  "Show only the differing pixels' bbox (+8 pixels) in the side-by-side image")->needs(sbs);
    cmd->add_flag("--timings", o.timings, "Print decode and compare times (ms) to stderr");
}

bool parseInt(const char*& p, const char* end, int& value) {
    const auto [next, ec] = std::from_chars(p, end, value);
    if (ec != std::errc()) return false;
    p = next;
    return true;
}

}  // namespace

void addDiffOptions(CLI::App* cmd, DiffCliOptions& options) {
    addGateOptions(cmd, options);
    addAreaOptions(cmd, options);
    addRawOptions(cmd, options);
    addOutputOptions(cmd, options);
}

std::optional<RawLayout> rawLayoutOf(const DiffCliOptions& o) {
    if (o.rawSize.empty()) return std::nullopt;
    if (o.rawFormat.empty()) throw UsageError("--raw-size requires --raw-format");
    RawLayout layout;
    parseRawSize(o.rawSize, layout);
    layout.format = parseRawFormat(o.rawFormat);
    layout.stride = o.rawStride;
    layout.flipY = o.rawFlipY;
    return layout;
}

PixelRect parseRect(const std::string& text, const std::string& flag) {
    PixelRect r;
    const char* p = text.data();
    const char* end = p + text.size();
    int* fields[4] = {&r.left, &r.top, &r.right, &r.bottom};
    for (int i = 0; i < 4; ++i) {
        if (i > 0 && (p == end || *p++ != ',')) throw UsageError(flag + " \"" + text + "\" is not L,T,R,B");
        if (!parseInt(p, end, *fields[i])) throw UsageError(flag + " \"" + text + "\" is not L,T,R,B");
    }
    if (p != end) throw UsageError(flag + " \"" + text + "\" is not L,T,R,B");
    if (r.left < 0 || r.top < 0 || r.width() <= 0 || r.height() <= 0)
        throw UsageError(flag + " \"" + text + "\" is empty or negative (right and bottom are exclusive)");
    return r;
}

}  // namespace refrast::diff
