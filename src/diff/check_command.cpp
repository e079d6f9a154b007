// SPDX-License-Identifier: MIT
// `refrast check SCENE --against IMAGE [diff options]`: render and diff in one step.
#include "src/cli/commands.h"
#include "src/diff/diff_cli_options.h"

#include "refrast/render.h"

#include <chrono>
#include <memory>

namespace refrast::cli {

namespace {
struct CheckArgs {
    std::string scene, against, renderOut;
    int threads = 0;
    diff::DiffCliOptions options;
};

int runCheck(const CheckArgs& args) {
    const auto start = std::chrono::steady_clock::now();
    RenderOptions renderOptions;
    renderOptions.threads = args.threads;
    diff::NamedImage rendered{args.scene, render(loadScene(args.scene), renderOptions)};
    if (!args.renderOut.empty()) writePng(args.renderOut, rendered.image);
    diff::NamedImage against{args.against, readImageFile(args.against, diff::rawLayoutOf(args.options))};
    const double prepareMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return diff::runDiffGate(std::move(rendered), std::move(against), args.options, prepareMs);
}
}  // namespace

void addCheckCommand(CLI::App& app, Runner& runner) {
    auto args = std::make_shared<CheckArgs>();
    CLI::App* cmd = app.add_subcommand("check", "Render a scene and diff it against an image (e.g. a GPU readback)");
    cmd->add_option("scene", args->scene, "Scene file (JSON)")->required();
    cmd->add_option("--against", args->against, "Image to check (PNG, or raw with --raw-size)")->required();
    cmd->add_option("--render-out", args->renderOut, "Also write refrast's render to this PNG");
    cmd->add_option("--threads", args->threads, "Render worker threads (0: all cores)")->check(CLI::Range(0, 1024));
    diff::addDiffOptions(cmd, args->options);
    cmd->callback([args, &runner] { runner = [args] { return runCheck(*args); }; });
}

}  // namespace refrast::cli
