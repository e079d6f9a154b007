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

void copyImages(const Json& scene, const std::string& fromDir, const std::string& outDir, const std::string& pointer) {
    const std::string reportFile = (fs::path(fromDir) / "report.json").string();
    if (!scene.is_object() || !scene.contains("images") || !scene.at("images").is_object())
        throw InputError(reportFile, pointer + "/images", "expected an object of image paths");
    for (const auto& [kind, path] : scene.at("images").items()) {
        if (path.is_null()) continue;
        const fs::path rel = checkedImagePath(path, reportFile, pointer + "/images/" + json::escapePointerToken(kind));
        const fs::path target = fs::path(outDir) / rel;
        fs::create_directories(target.parent_path());
        writeFileAtomic(target.string(), readFileBytes((fs::path(fromDir) / rel).string()));
    }
}

}  // namespace

namespace {

Json mergeChecked(const std::vector<std::string>& dirs, const std::string& outDir, std::string& current) {
    std::map<std::string, Json> scenes;  // sorted by name
    Json shards = Json::array();
    for (const std::string& dir : dirs) {
        current = (fs::path(dir) / "report.json").string();
        const Json report = readReport(dir);
        if (!report.at("shards").is_array())
            throw InputError((fs::path(dir) / "report.json").string(), "/shards", "expected an array");
        for (const Json& shard : report.at("shards")) shards.push_back(shard);
        const std::string reportFile = (fs::path(dir) / "report.json").string();
        const Json& sceneList = report.at("scenes");
        for (size_t i = 0; i < sceneList.size(); ++i) {
            const Json& scene = sceneList[i];
            const std::string pointer = "/scenes/" + std::to_string(i);
            if (!scene.is_object() || !scene.contains("name") || !scene.at("name").is_string())
                throw InputError(reportFile, pointer + "/name", "expected the scene's name (a string)");
            const std::string name = scene.at("name").get<std::string>();
            if (!scenes.emplace(name, scene).second)
                throw InputError(reportFile, "", "scene \"" + name + "\" is also in an earlier report (overlapping shards?)");
            copyImages(scene, dir, outDir, pointer);
        }
    }
    Json list = Json::array();
    for (auto& [name, scene] : scenes) list.push_back(std::move(scene));
    Json merged{{"schema", "refrast-golden-report/1"}, {"shards", shards}, {"summary", summaryJson(list)}, {"scenes", list}};
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
