// SPDX-License-Identifier: MIT
// `refrast golden check|update|merge`: the golden-image suite.
#include "src/cli/commands.h"
#include "src/golden/golden_run.h"

#include <memory>

namespace refrast::cli {

namespace {

struct GoldenCliArgs {
    golden::GoldenArgs suite;
    std::vector<std::string> mergeDirs;
    std::string mergeOut, mergeJunit;
};

void addSuiteOptions(CLI::App* cmd, golden::GoldenArgs& a) {
    cmd->add_option("names", a.names, "Scene names or directories (default: every scene)");
    cmd->add_option("--scenes", a.scenesDir, "Scenes directory (default: scenes)");
    cmd->add_option("--golden", a.goldenDir, "Golden images directory (default: golden)");
    cmd->add_option("--shard", a.shard, "Run shard K of N (K/N, K from 0): scene i goes to shard i mod N");
    cmd->add_option("--threads", a.threads, "Render threads per scene (0: all cores)")->check(CLI::Range(0, 1024));
}

void addCheck(CLI::App* golden, GoldenCliArgs& args, Runner& runner, const std::shared_ptr<GoldenCliArgs>& keep) {
    CLI::App* cmd = golden->add_subcommand("check", "Render every scene and compare it with its golden image");
    addSuiteOptions(cmd, args.suite);
    cmd->add_option("--report", args.suite.report, "Write an HTML report and report.json into DIR");
    cmd->add_option("--junit", args.suite.junit, "Write JUnit XML (one testcase per scene)");
    cmd->add_flag("--determinism", args.suite.determinism,
                  "Render each scene with 1 and with several threads; any byte difference fails");
    cmd->callback([keep, &runner] {
        runner = [keep] { return golden::runGoldenCheck(keep->suite, golden::defaultRenderer(), stdout); };
    });
}

void addUpdate(CLI::App* golden, GoldenCliArgs& args, Runner& runner, const std::shared_ptr<GoldenCliArgs>& keep) {
    CLI::App* cmd = golden->add_subcommand("update", "Re-render scenes; rewrite the goldens whose pixels changed");
    addSuiteOptions(cmd, args.suite);
    cmd->callback([keep, &runner] {
        runner = [keep] { return golden::runGoldenUpdate(keep->suite, golden::defaultRenderer(), stdout); };
    });
}

void addMerge(CLI::App* golden, GoldenCliArgs& args, Runner& runner, const std::shared_ptr<GoldenCliArgs>& keep) {
    CLI::App* cmd = golden->add_subcommand("merge", "Combine the shards' report directories into one report");
    cmd->add_option("reports", args.mergeDirs, "Report directories written by golden check --report")->required();
    cmd->add_option("-o,--output", args.mergeOut, "Directory for the combined report")->required();
    cmd->add_option("--junit", args.mergeJunit, "Also write the combined JUnit XML");
    cmd->callback([keep, &runner] {
        runner = [keep] { return golden::runGoldenMerge(keep->mergeDirs, keep->mergeOut, keep->mergeJunit, stdout); };
    });
}

}  // namespace

void addGoldenCommand(CLI::App& app, Runner& runner) {
    auto args = std::make_shared<GoldenCliArgs>();
    CLI::App* golden = app.add_subcommand("golden", "The golden-image suite: check, update, merge");
    golden->require_subcommand(1);
    addCheck(golden, *args, runner, args);
    addUpdate(golden, *args, runner, args);
    addMerge(golden, *args, runner, args);
}

}  // namespace refrast::cli
