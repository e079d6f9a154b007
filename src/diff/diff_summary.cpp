// SPDX-License-Identifier: MIT
// The human-readable report: one summary line, then one line per region.
#include "refrast/diff.h"

#include <cstdio>

namespace refrast {

namespace {

std::string format(const char* fmt, auto... args) {
    char text[256];
    std::snprintf(text, sizeof text, fmt, args...);
    return text;
}

// "differing fraction F (D of N pixels), max delta M, mean abs RGB error E"
std::string metricsText(const DiffMetrics& m) {
    return format("differing fraction %.4e (%lld of %lld pixels), max delta %d, mean abs RGB error %.4f",
                  m.differingFraction, static_cast<long long>(m.differingPixels),
                  static_cast<long long>(m.comparedPixels), m.maxDeltaAnyChannel(), m.meanAbsErrorRgb);
}

// "exact", or the thresholds given, e.g. "max fraction 0.001, max delta 4".
std::string thresholdsText(const DiffGate& g) {
    std::string s;
    const auto add = [&s](const std::string& part) { s += (s.empty() ? "" : ", ") + part; };
    if (g.exact()) add("exact");
    if (g.maxFraction) add(format("max fraction %g", *g.maxFraction));
    if (g.maxPixels) add(format("max pixels %lld", static_cast<long long>(*g.maxPixels)));
    if (g.maxDelta) add(format("max delta %d", *g.maxDelta));
    if (g.maxMeanError) add(format("max mean error %g", *g.maxMeanError));
    return s;
}

// The thresholds that decided PASS/FAIL, e.g. "max fraction 0.001, tolerance 2".
std::string gateText(const DiffResult& r) {
    std::string s = thresholdsText(r.gate);
    const auto add = [&s](const std::string& part) { s += (s.empty() ? "" : ", ") + part; };
    if (r.tolerance > 0) add(format("tolerance %d", r.tolerance));
    if (r.positionDeviation > 0)
        add(format("position deviation %d, %lld pixels excused", r.positionDeviation,
                   static_cast<long long>(r.metrics.excusedPixels)));
    return s;
}

}  // namespace

std::string diffSummaryLine(const DiffResult& r) {
    return metricsText(r.metrics) + (r.pass ? ": PASS (" : ": FAIL (") + gateText(r) + ")";
}

std::vector<std::string> diffRegionLines(const DiffResult& r) {
    std::vector<std::string> lines;
    for (const RegionMetrics& region : r.regions) {
        const PixelRect& q = region.region.rect;
        lines.push_back("region " + region.region.name + format(" [%d,%d,%d,%d]: ", q.left, q.top, q.right, q.bottom) +
                        metricsText(region.metrics) +
                        (region.region.gate ? (region.pass ? ": PASS (" : ": FAIL (") + thresholdsText(*region.region.gate) + ")"
                                            : ""));
    }
    return lines;
}

}  // namespace refrast
