// SPDX-License-Identifier: MIT
// The readback suite run: the golden machinery with the readback as B.
#include "src/suite/suite_run.h"

#include "src/cli/quiet.h"
#include "src/golden/golden_report.h"

#include <chrono>

namespace refrast::suite {

namespace {

void writeText(const std::string& path, const std::string& text) {
    writeFileAtomic(path, std::vector<uint8_t>(text.begin(), text.end()));
}

int exitStatus(const nlohmann::ordered_json& report) {
    const auto& s = report.at("summary");
    return s.at("errors").get<int>() > 0 ? 2 : s.at("failed").get<int>() > 0 ? 1 : 0;
}

}  // namespace

int runSuite(const SuiteArgs& args, const golden::SceneRenderer& renderer, std::FILE* out) {
    const auto start = std::chrono::steady_clock::now();
    std::vector<golden::SceneEntry> scenes = golden::listScenes(args.captures);
    if (!args.shard.empty()) scenes = golden::shardScenes(scenes, golden::parseShard(args.shard));
    golden::GoldenCheckConfig config;
    config.goldenDir = args.readbacks, config.reportDir = args.report, config.threads = args.threads;
    config.reference = golden::ReferenceKind::Readback;
    config.raw = args.raw;
    golden::Progress progress(out, scenes.size(), golden::isTerminal(out));
    const std::vector<golden::SceneOutcome> outcomes = golden::checkScenes(scenes, config, renderer, progress);
    progress.done();
    const nlohmann::ordered_json report = golden::reportJson(outcomes, args.shard, golden::ReferenceKind::Readback);
    if (!args.report.empty()) golden::writeReportDir(args.report, report);
    if (!args.junit.empty()) writeText(args.junit, golden::junitXml(report));
    if (!args.json.empty()) writeText(args.json, report.dump(2) + "\n");
    std::fprintf(out, "%s\n", golden::summaryLine(report).c_str());
    size_t cached = 0;
    for (const golden::SceneOutcome& o : outcomes) cached += o.cached;
    if (!cli::quiet())
        std::fprintf(stderr, "refrast: timings: check %zu captures in %.2f s (%zu renders from the cache)\n", outcomes.size(),
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), cached);
    return exitStatus(report);
}

}  // namespace refrast::suite
