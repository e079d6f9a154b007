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

// An image path of a report: relative, without "..", so the copy stays inside
// the merged report's folder whatever a report file says.
fs::path checkedImagePath(const Json& path, const std::string& reportFile, const std::string& pointer) {
    if (!path.is_string()) throw InputError(reportFile, pointer, "expected an image path (a string) or null");
    const fs::path p(path.get<std::string>());
    if (p.empty() || p.is_absolute())
        throw InputError(reportFile, pointer, "image path \"" + p.string() + "\" must be relative to the report folder");
    for (const fs::path& part : p)
        if (part == "..")
            throw InputError(reportFile, pointer, "image path \"" + p.string() + "\" leaves the report folder (\"..\")");
    return p;
}

void copyImage(const Json& path, const std::string& fromDir, const std::string& outDir, const std::string& pointer) {
    if (path.is_null()) return;
    const fs::path rel = checkedImagePath(path, (fs::path(fromDir) / "report.json").string(), pointer);
    const fs::path target = fs::path(outDir) / rel;
    fs::create_directories(target.parent_path());
    writeFileAtomic(target.string(), readFileBytes((fs::path(fromDir) / rel).string()));
}

// The scene's pictures and its per-draw crops.
void copyImages(const Json& scene, const std::string& fromDir, const std::string& outDir, const std::string& pointer) {
    const std::string reportFile = (fs::path(fromDir) / "report.json").string();
    if (!scene.is_object() || !scene.contains("images") || !scene.at("images").is_object())
        throw InputError(reportFile, pointer + "/images", "expected an object of image paths");
    for (const auto& [kind, path] : scene.at("images").items())
        copyImage(path, fromDir, outDir, pointer + "/images/" + json::escapePointerToken(kind));
    if (scene.contains("draws"))
        for (size_t d = 0; d < scene.at("draws").size(); ++d)
            if (scene.at("draws")[d].contains("crop"))
                copyImage(scene.at("draws")[d].at("crop"), fromDir, outDir,
                          pointer + "/draws/" + std::to_string(d) + "/crop");
}

Json mergeChecked(const std::vector<std::string>& dirs, const std::string& outDir, std::string& current) {
    std::map<std::string, Json> scenes;  // sorted by name
    Json shards = Json::array();
    std::vector<std::pair<std::string, Shard>> parsed;
    std::string schema;
    const std::string first = dirs.empty() ? "" : (fs::path(dirs.front()) / "report.json").string();
    std::vector<Json> reports;
    size_t unsharded = 0;
    for (const std::string& dir : dirs) {
        current = (fs::path(dir) / "report.json").string();
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
        current = (fs::path(dirs[r]) / "report.json").string();
        for (const Json& shard : reports[r].at("shards")) shards.push_back(shard);
        for (size_t i = 0; i < reports[r].at("scenes").size(); ++i) {
            const Json& scene = reports[r].at("scenes")[i];
            if (!scene.is_object() || !scene.contains("name") || !scene.at("name").is_string())
                throw InputError(current, "/scenes/" + std::to_string(i) + "/name", "expected the scene's name (a string)");
            const std::string name = scene.at("name").get<std::string>();
            if (!scenes.emplace(name, scene).second)
                throw InputError((fs::path(dirs[r]) / "report.json").string(), "",
                                 "scene \"" + name + "\" is also in an earlier report (overlapping shards?)");
        }
    }
    checkShardSet(parsed, unsharded, first);  // before anything is written
    for (size_t r = 0; r < dirs.size(); ++r) {
        current = (fs::path(dirs[r]) / "report.json").string();
        for (size_t i = 0; i < reports[r].at("scenes").size(); ++i)
            copyImages(reports[r].at("scenes")[i], dirs[r], outDir, "/scenes/" + std::to_string(i));
    }
    Json list = Json::array();
    for (auto& [name, scene] : scenes) list.push_back(std::move(scene));
    Json merged{{"schema", schema.empty() ? reportSchema(ReferenceKind::Golden) : schema.c_str()},
                {"shards", shards},
                {"summary", summaryJson(list)},
                {"scenes", list},
                {"refrast", cli::versionJson()}};
    current = "the merged report";
    writeReportDir(outDir, merged);
    return merged;
}

}  // namespace

Json mergeReports(const std::vector<std::string>& dirs, const std::string& outDir) {
    std::string current;
    try {
        return mergeChecked(dirs, outDir, current);
    } catch (const nlohmann::json::exception& e) {
        // A field of the wrong type deep in a report: one line naming the report.
        std::string what = e.what();
        const auto pos = what.find("] ");
        if (pos != std::string::npos) what = what.substr(pos + 2);
        throw InputError(current, "", "not a valid refrast golden report: " + what);
    }
}

}  // namespace refrast::golden
