// SPDX-License-Identifier: MIT
// `golden merge`: combine the shards' report directories into one report.
#include "src/golden/golden_report.h"

#include "formats/json_reader.h"
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
    if (!report.is_object() || !report.contains("schema") || report.at("schema") != "refrast-golden-report/1" ||
        !report.contains("scenes") || !report.at("scenes").is_array() || !report.contains("shards"))
        throw InputError(path, "/schema", "not a refrast golden report (expected schema \"refrast-golden-report/1\")");
    return report;
}

void copyImages(const Json& scene, const std::string& fromDir, const std::string& outDir) {
    for (const auto& [kind, path] : scene.at("images").items()) {
        if (path.is_null()) continue;
        const fs::path target = fs::path(outDir) / path.get<std::string>();
        fs::create_directories(target.parent_path());
        writeFileAtomic(target.string(), readFileBytes((fs::path(fromDir) / path.get<std::string>()).string()));
    }
}

}  // namespace

Json mergeReports(const std::vector<std::string>& dirs, const std::string& outDir) {
    std::map<std::string, Json> scenes;  // sorted by name
    Json shards = Json::array();
    for (const std::string& dir : dirs) {
        const Json report = readReport(dir);
        for (const Json& shard : report.at("shards")) shards.push_back(shard);
        for (const Json& scene : report.at("scenes")) {
            const std::string name = scene.at("name").get<std::string>();
            if (!scenes.emplace(name, scene).second)
                throw InputError((fs::path(dir) / "report.json").string(), "",
                                 "scene \"" + name + "\" is also in an earlier report (overlapping shards?)");
            copyImages(scene, dir, outDir);
        }
    }
    Json list = Json::array();
    for (auto& [name, scene] : scenes) list.push_back(std::move(scene));
    Json merged{{"schema", "refrast-golden-report/1"}, {"shards", shards}, {"summary", summaryJson(list)}, {"scenes", list}};
    writeReportDir(outDir, merged);
    return merged;
}

}  // namespace refrast::golden
