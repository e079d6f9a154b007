// SPDX-License-Identifier: MIT
// `refrast diff A B [diff options]`: compare two images and gate on the result.
#include "src/cli/commands.h"
#include "src/diff/depth_diff_command.h"
#include "src/diff/diff_cli_options.h"

#include <tbb/parallel_invoke.h>

#include <chrono>
#include <exception>
#include <memory>

namespace refrast::cli {

namespace {
struct DiffArgs {
    std::string a, b;
    diff::DiffCliOptions options;
    diff::DepthDiffOptions depth;
};
// Decodes both inputs side by side; when both fail, A's error is the one
// reported, so the message does not depend on timing.
void readBoth(diff::NamedImage& a, diff::NamedImage& b, const std::optional<RawLayout>& raw) {
    std::exception_ptr errorA, errorB;
    const auto read = [&raw](diff::NamedImage& in, std::exception_ptr& error) {
        try {
            in.image = readImageFile(in.name, raw);
        } catch (...) {
            error = std::current_exception();
        }
    };
    tbb::parallel_invoke([&] { read(a, errorA); }, [&] { read(b, errorB); });
    if (errorA) std::rethrow_exception(errorA);
    if (errorB) std::rethrow_exception(errorB);
}

}  // namespace

void addDiffCommand(CLI::App& app, Runner& runner) {
    auto args = std::make_shared<DiffArgs>();
    CLI::App* cmd = app.add_subcommand("diff", "Compare two images (PNG or raw readbacks) and gate on the difference");
    cmd->add_option("a", args->a, "Reference image (PNG, or raw with --raw-size)")->required();
    cmd->add_option("b", args->b, "Image to check (PNG, or raw with --raw-size)")->required();
    diff::addDiffOptions(cmd, args->options);
    diff::addDepthDiffOptions(cmd, args->depth);
    cmd->callback([args, &runner] {
        runner = [args] {
            if (!args->depth.format.empty()) return diff::runDepthDiff(args->a, args->b, args->depth, args->options);
            const auto start = std::chrono::steady_clock::now();
            const std::optional<RawLayout> raw = diff::rawLayoutOf(args->options);
            diff::NamedImage a{args->a, {}}, b{args->b, {}};
            readBoth(a, b, raw);
            const double decodeMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
            return diff::runDiffGate(std::move(a), std::move(b), args->options, decodeMs);
        };
    });
}

}  // namespace refrast::cli
