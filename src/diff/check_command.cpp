// SPDX-License-Identifier: MIT
// `refrast check SCENE --against IMAGE [diff options]`: render and diff in one
// step; `refrast check CAPTURES_DIR --against READBACKS_DIR`: the whole suite.
#include "src/cli/commands.h"
#include "src/diff/diff_cli_options.h"
#include "src/golden/golden_check.h"
#include "src/suite/render_cache.h"
#include "src/suite/suite_run.h"

#include "refrast/error.h"
#include "refrast/render.h"

#include <chrono>
#include <filesystem>
#include <memory>

namespace refrast::cli {

namespace {
struct CheckArgs {
    std::string scene, against, renderOut;
    int threads = 0;
    diff::DiffCliOptions options;
    std::string shard, report, junit, cache;  // suite mode only
};

int runCheck(const CheckArgs& args) {
    const auto start = std::chrono::steady_clock::now();
    RenderOptions renderOptions;
    renderOptions.threads = args.threads;
    renderOptions.touches = true;  // the draw attribution
    const Scene scene = loadScene(args.scene);
    RenderPlanes planes;
    diff::NamedImage rendered{args.scene, render(scene, renderOptions, nullptr, &planes)};
    diff::DrawPlanes draws{std::move(planes.drawId), std::move(planes.touches), {}};
    for (const Draw& d : scene.draws) draws.names.push_back(d.name);
    if (!args.renderOut.empty()) writePng(args.renderOut, rendered.image);
    diff::NamedImage against{args.against, readImageFile(args.against, diff::rawLayoutOf(args.options))};
    const double prepareMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return diff::runDiffGate(std::move(rendered), std::move(against), args.options, prepareMs, &draws);
}

// The single-capture flags that have no meaning for a whole suite (each
// capture's "gate" says how it is compared).
void rejectSingleOnlyFlags(CLI::App* cmd) {
    for (const char* flag : {"--render-out", "--tolerance", "--max-fraction", "--max-pixels", "--max-delta",
                             "--max-mean-error", "--position-deviation", "--ignore-alpha", "--crop", "--crop-a",
                             "--crop-b", "--mask", "--region", "--diff-image", "--side-by-side"})
        if (cmd->count(flag) > 0)
            throw UsageError(std::string(flag) +
                             " applies to one capture; in suite mode each capture's \"gate\" decides (docs/suite.md)");
}

void rejectSuiteOnlyFlags(CLI::App* cmd) {
    for (const char* flag : {"--shard", "--report", "--junit", "--cache"})
        if (cmd->count(flag) > 0)
            throw UsageError(std::string(flag) + " needs a captures directory (check CAPTURES_DIR --against READBACKS_DIR)");
}

int runSuiteCheck(const CheckArgs& args) {
    suite::SuiteArgs s;
    s.captures = args.scene, s.readbacks = args.against;
    s.shard = args.shard, s.report = args.report, s.junit = args.junit, s.json = args.options.json;
    s.cache = args.cache, s.threads = args.threads;
    s.raw = diff::rawLayoutOf(args.options);
    std::error_code ec;
    if (!std::filesystem::is_directory(s.readbacks, ec))
        throw InputError(s.readbacks, "", "is not a directory (a captures directory is checked against a readbacks directory)");
    if (!args.shard.empty()) golden::parseShard(args.shard);  // a bad --shard is a usage error before any work
    const golden::SceneRenderer renderer = s.cache.empty() ? golden::defaultRenderer() : suite::cachedRenderer(s.cache);
    return suite::runSuite(s, renderer, stdout);
}

}  // namespace

void addCheckCommand(CLI::App& app, Runner& runner) {
    auto args = std::make_shared<CheckArgs>();
    CLI::App* cmd = app.add_subcommand(
        "check", "Render a scene and diff it against an image (e.g. a GPU readback); or a directory of captures "
                 "against a directory of readbacks");
    cmd->add_option("scene", args->scene, "Scene file (JSON), or a directory of captures")->required();
    cmd->add_option("--against", args->against, "Image to check (PNG, or raw with --raw-size), or a readbacks directory")
        ->required();
    cmd->add_option("--render-out", args->renderOut, "Also write refrast's render to this PNG");
    cmd->add_option("--threads", args->threads, "Render worker threads (0: all cores)")->check(CLI::Range(0, 1024));
    cmd->add_option("--shard", args->shard, "Suite: check shard K of N (K/N, K from 0)");
    cmd->add_option("--report", args->report, "Suite: write the HTML report and report.json into DIR");
    cmd->add_option("--junit", args->junit, "Suite: write JUnit XML (one testcase per capture)");
    cmd->add_option("--cache", args->cache, "Suite: reuse oracle renders stored in DIR (keyed by content hash)");
    diff::addDiffOptions(cmd, args->options);
    cmd->callback([args, cmd, &runner] {
        runner = [args, cmd] {  // the flag checks throw UsageError, which main() reports
            std::error_code ec;
            if (std::filesystem::is_directory(args->scene, ec)) {
                rejectSingleOnlyFlags(cmd);
                return runSuiteCheck(*args);
            }
            rejectSuiteOnlyFlags(cmd);
            return runCheck(*args);
        };
    });
}

}  // namespace refrast::cli
