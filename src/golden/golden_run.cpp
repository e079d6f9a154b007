// SPDX-License-Identifier: MIT
// Running golden check, update and merge: scene selection, progress, reports.
#include "src/golden/golden_run.h"

#include "src/golden/golden_report.h"
#include "src/golden/golden_update.h"
#include "src/cli/quiet.h"

#include <chrono>

namespace refrast::golden {

namespace {

std::vector<SceneEntry> selectedScenes(const GoldenArgs& args) {
    std::vector<SceneEntry> scenes = selectScenes(listScenes(args.scenesDir), args.names);
    if (!args.shard.empty()) scenes = shardScenes(scenes, parseShard(args.shard));
    return scenes;
}

int exitStatus(const nlohmann::ordered_json& report) {
    const auto& s = report.at("summary");
    return s.at("errors").get<int>() > 0 ? 2 : s.at("failed").get<int>() > 0 ? 1 : 0;
}

void writeJunit(const std::string& path, const nlohmann::ordered_json& report) {
    const std::string xml = junitXml(report);
    writeFileAtomic(path, std::vector<uint8_t>(xml.begin(), xml.end()));
}

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int runGoldenCheck(const GoldenArgs& args, const SceneRenderer& renderer, std::FILE* out) {
    const auto start = std::chrono::steady_clock::now();
    if (!args.shard.empty()) parseShard(args.shard);  // a bad --shard is a usage error before any work
    const std::vector<SceneEntry> scenes = selectedScenes(args);
    GoldenCheckConfig config;
    config.goldenDir = args.goldenDir, config.reportDir = args.report;
    config.determinism = args.determinism, config.threads = args.threads;
    Progress progress(out, scenes.size(), isTerminal(out));
    const std::vector<SceneOutcome> outcomes = checkScenes(scenes, config, renderer, progress);
    progress.done();
    const nlohmann::ordered_json report = reportJson(outcomes, args.shard);
    if (!args.report.empty()) writeReportDir(args.report, report);
    if (!args.junit.empty()) writeJunit(args.junit, report);
    std::fprintf(out, "%s\n", summaryLine(report).c_str());
    if (!cli::quiet())  // timings go to stderr, so scripts reading stdout see the same text every run
        std::fprintf(stderr, "refrast: timings: golden check %zu scenes in %.2f s\n", outcomes.size(), secondsSince(start));
    return exitStatus(report);
}

int runGoldenUpdate(const GoldenArgs& args, const SceneRenderer& renderer, std::FILE* out) {
    const std::vector<SceneEntry> scenes = selectedScenes(args);
    Progress progress(out, scenes.size(), isTerminal(out));
    const std::vector<UpdateOutcome> outcomes = updateScenes(scenes, args.goldenDir, renderer, args.threads, progress);
    progress.done();
    std::fprintf(out, "%s\n", updateSummaryLine(outcomes).c_str());
    for (const UpdateOutcome& o : outcomes)
        if (o.kind == UpdateKind::Error) return 2;
    return 0;
}

int runGoldenMerge(const std::vector<std::string>& dirs, const std::string& outDir, const std::string& junit,
                   std::FILE* out) {
    const nlohmann::ordered_json report = mergeReports(dirs, outDir);
    if (!junit.empty()) writeJunit(junit, report);
    std::fprintf(out, "%s (merged %zu reports)\n", summaryLine(report).c_str(), dirs.size());
    return exitStatus(report);
}

}  // namespace refrast::golden
