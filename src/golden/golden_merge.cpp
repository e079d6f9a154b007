// SPDX-License-Identifier: MIT
// `golden merge`: combine the shards' report directories into one report.
#include "src/golden/golden_report.h"

#include "formats/json_reader.h"
#include "src/cli/version.h"
#include "src/golden/scene_list.h"
#include "refrast/error.h"

#include <algorithm>
#include <filesystem>
#include <map>

namespace refrast::golden {

namespace fs = std::filesystem;

namespace {

using Json = nlohmann::ordered_json;

Json readReport(const std::string& dir) {
    const std::string path = (fs::path(dir) / "report.json").string();
    const std::vector<uint8_t> bytes = readFileBytes(path);
    json::parseDocument(bytes, path);  // syntax errors with their byte offset
    Json report = Json::parse(bytes.begin(), bytes.end());  // ordered: keeps the report's key order
    const bool known = report.is_object() && report.contains("schema") &&
                       (report.at("schema") == reportSchema(ReferenceKind::Golden) ||
                        report.at("schema") == reportSchema(ReferenceKind::Readback));
    if (!known || !report.contains("scenes") || !report.at("scenes").is_array() || !report.contains("shards"))
        throw InputError(path, "/schema",
                         "not a refrast report (expected schema \"refrast-golden-report/1\" or \"refrast-suite-report/1\")");
    return report;
}

// Sharded reports must cover 0/N .. (N-1)/N exactly once between them: a lost
// CI artifact must not turn a run green. Unsharded reports merge freely.
void checkShardSet(const std::vector<std::pair<std::string, Shard>>& shards, size_t unsharded, const std::string& first) {
    if (shards.empty()) return;
    const int n = shards.front().second.count;
    std::vector<int> seen(size_t(n), 0);
    for (const auto& [text, shard] : shards) {
        if (shard.count != n)
            throw InputError(first, "/shards", "shard " + text + " does not belong to a set of " + std::to_string(n));
        if (seen[size_t(shard.index)]++)
            throw InputError(first, "/shards", "shard " + text + " appears in two reports");
    }
    if (unsharded > 0)
        throw InputError(first, "/shards", "an unsharded report cannot be merged with shards");
    std::string missing;
    for (int k = 0; k < n; ++k)
        if (!seen[size_t(k)]) missing += (missing.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(n);
    if (!missing.empty())
        throw InputError(first, "/shards", "incomplete shard set: missing " + missing + " (have " +
                                               std::to_string(shards.size()) + " of " + std::to_string(n) +
                                               "); a lost shard must not turn the run green");
}

void copyImage(const Json& path, const std::string& fromDir, const std::string& outDir) {
    if (!path.is_string()) return;
    const fs::path target = fs::path(outDir) / path.get<std::string>();
    fs::create_directories(target.parent_path());
    writeFileAtomic(target.string(), readFileBytes((fs::path(fromDir) / path.get<std::string>()).string()));
}

// The scene's pictures and its per-draw crops.
void copyImages(const Json& scene, const std::string& fromDir, const std::string& outDir) {
    for (const auto& [kind, path] : scene.at("images").items()) copyImage(path, fromDir, outDir);
    if (scene.contains("draws"))
        for (const Json& d : scene.at("draws"))
            if (d.contains("crop")) copyImage(d.at("crop"), fromDir, outDir);
}

}  // namespace

Json mergeReports(const std::vector<std::string>& dirs, const std::string& outDir) {
    std::map<std::string, Json> scenes;  // sorted by name
    Json shards = Json::array();
    std::vector<std::pair<std::string, Shard>> parsed;
    std::string schema;
    const std::string first = dirs.empty() ? "" : (fs::path(dirs.front()) / "report.json").string();
    std::vector<Json> reports;
    size_t unsharded = 0;
    for (const std::string& dir : dirs) {
        reports.push_back(readReport(dir));
        const Json& report = reports.back();
        const std::string path = (fs::path(dir) / "report.json").string();
        if (schema.empty()) schema = report.at("schema").get<std::string>();
        if (report.at("schema") != schema)
            throw InputError(path, "/schema", "a " + report.at("schema").get<std::string>() +
                                                  " report cannot be merged with a " + schema + " report");
        // A merged report lists several shards; each counts once.
        for (const Json& shard : report.at("shards"))
            parsed.emplace_back(shard.get<std::string>(), parseShard(shard.get<std::string>()));
        unsharded += report.at("shards").empty();
    }
    for (size_t r = 0; r < dirs.size(); ++r) {
        for (const Json& shard : reports[r].at("shards")) shards.push_back(shard);
        for (const Json& scene : reports[r].at("scenes")) {
            const std::string name = scene.at("name").get<std::string>();
            if (!scenes.emplace(name, scene).second)
                throw InputError((fs::path(dirs[r]) / "report.json").string(), "",
                                 "scene \"" + name + "\" is also in an earlier report (overlapping shards?)");
        }
    }
    checkShardSet(parsed, unsharded, first);  // before anything is written
    for (size_t r = 0; r < dirs.size(); ++r)
        for (const Json& scene : reports[r].at("scenes")) copyImages(scene, dirs[r], outDir);
    Json list = Json::array();
    for (auto& [name, scene] : scenes) list.push_back(std::move(scene));
    Json merged{{"schema", schema.empty() ? reportSchema(ReferenceKind::Golden) : schema.c_str()},
                {"shards", shards},
                {"summary", summaryJson(list)},
                {"scenes", list},
                {"refrast", cli::versionJson()}};
    writeReportDir(outDir, merged);
    return merged;
}

}  // namespace refrast::golden
