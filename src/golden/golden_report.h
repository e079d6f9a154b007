// SPDX-License-Identifier: MIT
// The golden suite's reports: report.json (schema "refrast-golden-report/1"),
// the static HTML page built from it, JUnit XML, and merging shard reports.
#pragma once

#include "src/golden/golden_check.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace refrast::golden {

// The report of one run; `shard` is "K/N" or empty. Schema
// "refrast-golden-report/1" for goldens, "refrast-suite-report/1" for readbacks.
nlohmann::ordered_json reportJson(const std::vector<SceneOutcome>& outcomes, const std::string& shard,
                                  ReferenceKind kind = ReferenceKind::Golden);
const char* reportSchema(ReferenceKind kind);

// Writes DIR/report.json and DIR/index.html (atomically; DIR is created).
void writeReportDir(const std::string& dir, const nlohmann::ordered_json& report);

// The static page: failures first, per scene golden | render | heat map with
// the metrics; a click enlarges an image 4x with nearest-neighbour scaling.
std::string htmlReport(const nlohmann::ordered_json& report);

// Escapes & < > " ' as character references, valid in both HTML and XML text
// and attribute values.
std::string escapeMarkup(const std::string& s);

// One <testcase> per scene; failures carry the metrics in their message.
std::string junitXml(const nlohmann::ordered_json& report);

// Reads each DIR/report.json, combines the scenes (sorted by name; a scene in
// two reports is an InputError), copies their images into `outDir` and writes
// the combined report there. Returns the combined report.
nlohmann::ordered_json mergeReports(const std::vector<std::string>& dirs, const std::string& outDir);

// {"scenes", "passed", "failed", "errors"} counted from a report's scene list.
nlohmann::ordered_json summaryJson(const nlohmann::ordered_json& scenes);

// "golden check: 40 scenes: 39 passed, 1 failed, 0 errors"
std::string summaryLine(const nlohmann::ordered_json& report);

}  // namespace refrast::golden
