// SPDX-License-Identifier: MIT
// report.json of a golden run (schema "refrast-golden-report/1", docs/golden.md).
#include "src/golden/golden_report.h"

#include "src/cli/version.h"
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

template <class T>
Json setOrNull(T value) {  // the gate's "< 0: not set"
    return value >= 0 ? Json(value) : Json(nullptr);
}

Json regionJson(const GateRegion& r) {
    return Json{{"name", r.name},
                {"rect", Json::array({r.left, r.top, r.right, r.bottom})},
                {"max_fraction", setOrNull(r.maxFraction)},
                {"max_pixels", setOrNull(r.maxPixels)},
                {"max_delta", setOrNull(r.maxDelta)},
                {"max_mean_error", setOrNull(r.maxMeanError)}};
}

Json gateJson(const GateSpec& g) {
    Json regions = Json::array();
    for (const GateRegion& r : g.regions) regions.push_back(regionJson(r));
    return Json{{"tolerance", g.tolerance},
                {"position_deviation", g.positionDeviation},
                {"max_fraction", setOrNull(g.maxFraction)},
                {"max_pixels", setOrNull(g.maxPixels)},
                {"max_delta", setOrNull(g.maxDelta)},
                {"max_mean_error", setOrNull(g.maxMeanError)},
                {"ignore_alpha", g.ignoreAlpha},
                {"mask", orNull(g.mask)},
                {"regions", regions},
                {"reason", orNull(g.reason)},
                {"ambiguous", g.usesAmbiguity() ? Json{{"tolerance", setOrNull(g.ambiguousTolerance)},
                                                       {"ignore", g.ambiguousIgnore}}
                                                : Json(nullptr)}};
}

// Knife-edge pixels and their differences, in all and by criterion.
Json ambiguityJson(const AmbiguityCount& a) {
    Json criteria = Json::object();
    for (int k = 0; k < kAmbiguityCauses; ++k)
        criteria[kAmbiguityCauseNames[k]] = Json{{"pixels", a.causePixels[size_t(k)]}, {"differing", a.causeDiffering[size_t(k)]}};
    return Json{{"pixels", a.pixels}, {"differing", a.differing}, {"criteria", criteria}};
}

// Golden reports name the golden and show golden | render | diff; suite
// reports name the readback and show oracle | readback | diff (A | B | diff).
Json sceneJson(const SceneOutcome& o, ReferenceKind kind) {
    const bool golden = kind == ReferenceKind::Golden;
    Json images = golden ? Json{{"golden", orNull(o.images.reference)}, {"render", orNull(o.images.render)}}
                         : Json{{"oracle", orNull(o.images.render)}, {"readback", orNull(o.images.reference)}};
    images["diff"] = orNull(o.images.diff);
    Json j{{"name", o.name},
           {"scene", o.scenePath},
           {golden ? "golden" : "readback", o.goldenPath},
           {"status", statusName(o.status)},
           {"message", orNull(o.message)},
           {"time_ms", o.ms},
           {"gate", gateJson(o.gate)},
           {"diff", o.diff ? diff::resultJson(*o.diff) : Json(nullptr)},
           {"images", images}};
    if (!golden) j["cached"] = o.cached;
    j["ambiguity"] = o.ambiguity ? ambiguityJson(*o.ambiguity) : Json(nullptr);
    j["draws"] = diff::drawBlameJson(o.draws);
    for (size_t i = 0; i < o.draws.size(); ++i)  // the report's per-draw crops
        j["draws"][i]["crop"] = i < o.drawCrops.size() ? Json(o.drawCrops[i]) : Json(nullptr);
    j["touch_overflow_pixels"] = o.touchOverflow;
    return j;
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

const char* reportSchema(ReferenceKind kind) {
    return kind == ReferenceKind::Golden ? "refrast-golden-report/1" : "refrast-suite-report/1";
}

Json reportJson(const std::vector<SceneOutcome>& outcomes, const std::string& shard, ReferenceKind kind) {
    Json scenes = Json::array();
    for (const SceneOutcome& o : outcomes) scenes.push_back(sceneJson(o, kind));
    Json shards = Json::array();
    if (!shard.empty()) shards.push_back(shard);
    return Json{{"schema", reportSchema(kind)},
                {"shards", shards},
                {"summary", summaryJson(scenes)},
                {"scenes", scenes},
                {"refrast", cli::versionJson()}};
}

std::string summaryLine(const Json& report) {
    const Json& s = report.at("summary");
    const bool golden = report.at("schema") == reportSchema(ReferenceKind::Golden);
    return (golden ? "golden check: " : "check: ") + std::to_string(s.at("scenes").get<int>()) + " scenes: " +
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
