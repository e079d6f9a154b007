// SPDX-License-Identifier: MIT
// report.json of a golden run (schema "refrast-golden-report/1", docs/golden.md).
#include "src/golden/golden_report.h"

#include "src/diff/diff_json.h"

#include <filesystem>

namespace refrast::golden {

namespace {

using Json = nlohmann::ordered_json;

const char* statusName(SceneStatus s) {
    switch (s) {
        case SceneStatus::Pass: return "pass";
        case SceneStatus::Fail: return "fail";
        case SceneStatus::Error: return "error";
    }
    return "error";
}

Json orNull(const std::string& s) { return s.empty() ? Json(nullptr) : Json(s); }

Json gateJson(const GateSpec& g) {
    return Json{{"tolerance", g.tolerance},
                {"position_deviation", g.positionDeviation},
                {"max_fraction", g.maxFraction >= 0 ? Json(g.maxFraction) : Json(nullptr)},
                {"max_pixels", g.maxPixels >= 0 ? Json(g.maxPixels) : Json(nullptr)}};
}

Json sceneJson(const SceneOutcome& o) {
    return Json{{"name", o.name},
                {"scene", o.scenePath},
                {"golden", o.goldenPath},
                {"status", statusName(o.status)},
                {"message", orNull(o.message)},
                {"time_ms", o.ms},
                {"gate", gateJson(o.gate)},
                {"diff", o.diff ? diff::resultJson(*o.diff) : Json(nullptr)},
                {"images", {{"golden", orNull(o.images.golden)}, {"render", orNull(o.images.render)}, {"diff", orNull(o.images.diff)}}}};
}

}  // namespace

Json summaryJson(const Json& scenes) {
    int passed = 0, failed = 0, errors = 0;
    for (const Json& s : scenes) {
        const std::string status = s.at("status").get<std::string>();
        (status == "pass" ? passed : status == "fail" ? failed : errors) += 1;
    }
    return Json{{"scenes", scenes.size()}, {"passed", passed}, {"failed", failed}, {"errors", errors}};
}

Json reportJson(const std::vector<SceneOutcome>& outcomes, const std::string& shard) {
    Json scenes = Json::array();
    for (const SceneOutcome& o : outcomes) scenes.push_back(sceneJson(o));
    Json shards = Json::array();
    if (!shard.empty()) shards.push_back(shard);
    return Json{{"schema", "refrast-golden-report/1"}, {"shards", shards}, {"summary", summaryJson(scenes)}, {"scenes", scenes}};
}

std::string summaryLine(const Json& report) {
    const Json& s = report.at("summary");
    return "golden check: " + std::to_string(s.at("scenes").get<int>()) + " scenes: " +
           std::to_string(s.at("passed").get<int>()) + " passed, " + std::to_string(s.at("failed").get<int>()) +
           " failed, " + std::to_string(s.at("errors").get<int>()) + " errors";
}

void writeReportDir(const std::string& dir, const Json& report) {
    std::filesystem::create_directories(dir);
    const std::string json = report.dump(2) + "\n";
    writeFileAtomic((std::filesystem::path(dir) / "report.json").string(), std::vector<uint8_t>(json.begin(), json.end()));
    const std::string html = htmlReport(report);
    writeFileAtomic((std::filesystem::path(dir) / "index.html").string(), std::vector<uint8_t>(html.begin(), html.end()));
}

}  // namespace refrast::golden
