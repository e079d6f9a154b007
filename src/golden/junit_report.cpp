// SPDX-License-Identifier: MIT
// JUnit XML for a golden run: one testcase per scene.
#include "src/golden/golden_report.h"

#include <algorithm>
#include <cstdio>

namespace refrast::golden {

namespace {

using Json = nlohmann::ordered_json;

// "over the gate; differing 13 of 563200 (2.3082e-05), max delta 12, mean abs RGB error 0.0131"
std::string failureText(const Json& s) {
    std::string text = s.at("message").is_null() ? "" : s.at("message").get<std::string>();
    const Json& d = s.at("diff");
    if (d.is_null()) return text;
    int maxDelta = 0;
    for (const char* c : {"r", "g", "b", "a"})
        if (!d.at("max_delta").at(c).is_null()) maxDelta = std::max(maxDelta, d.at("max_delta").at(c).get<int>());
    char metrics[200];
    std::snprintf(metrics, sizeof metrics, "; differing %lld of %lld (%.4e), max delta %d, mean abs RGB error %.4f",
                  d.at("differing_pixels").get<long long>(), d.at("compared_pixels").get<long long>(),
                  d.at("differing_fraction").get<double>(), maxDelta, d.at("mean_abs_error").at("rgb").get<double>());
    text += metrics;
    // The worst draw, so a CI summary names the guilty one.
    if (s.contains("draws") && !s.at("draws").empty()) {
        const Json& w = s.at("draws")[0];
        const std::string who = w.at("draw").is_null() ? "clear" : "draw " + w.at("draw").dump();
        text += "; worst: " + who + (w.at("name").is_null() ? "" : " \"" + w.at("name").get<std::string>() + "\"") + " (" +
                w.at("pixels").dump() + " px, max delta " + w.at("max_delta").dump() + ")";
    }
    return text;
}

std::string testcase(const Json& s, const std::string& classname) {
    char time[32];
    std::snprintf(time, sizeof time, "%.3f", s.at("time_ms").get<double>() / 1000.0);
    std::string xml = "  <testcase classname=\"" + classname + "\" name=\"" + escapeMarkup(s.at("name").get<std::string>()) +
                      "\" time=\"" + time + "\"";
    const std::string status = s.at("status").get<std::string>();
    if (status == "pass") return xml + "/>\n";
    const char* tag = status == "fail" ? "failure" : "error";
    return xml + ">\n    <" + tag + " message=\"" + escapeMarkup(failureText(s)) + "\"/>\n  </testcase>\n";
}

}  // namespace

std::string junitXml(const Json& report) {
    const Json& summary = report.at("summary");
    double seconds = 0.0;
    for (const Json& s : report.at("scenes")) seconds += s.at("time_ms").get<double>() / 1000.0;
    char time[32];
    std::snprintf(time, sizeof time, "%.3f", seconds);
    const std::string classname = report.at("schema") == reportSchema(ReferenceKind::Golden) ? "golden" : "readback";
    std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"refrast " + classname + "\" tests=\"" +
                      std::to_string(summary.at("scenes").get<int>()) + "\" failures=\"" +
                      std::to_string(summary.at("failed").get<int>()) + "\" errors=\"" +
                      std::to_string(summary.at("errors").get<int>()) + "\" time=\"" + time + "\">\n";
    if (report.contains("refrast"))  // which oracle judged the run
        xml += "  <properties><property name=\"refrast.version\" value=\"" +
               escapeMarkup(report.at("refrast").at("version").get<std::string>()) +
               "\"/><property name=\"refrast.revision\" value=\"" +
               escapeMarkup(report.at("refrast").at("revision").get<std::string>()) + "\"/></properties>\n";
    for (const Json& s : report.at("scenes")) xml += testcase(s, classname);
    return xml + "</testsuite>\n";
}

}  // namespace refrast::golden
