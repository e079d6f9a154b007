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

// The thresholds that decided PASS/FAIL, e.g. "max fraction 0.001, tolerance 2".
std::string gateText(const DiffResult& r) {
    std::string s;
    const auto add = [&s](const std::string& part) { s += (s.empty() ? "" : ", ") + part; };
    if (r.gate.exact()) add("exact");
    if (r.gate.maxFraction) add(format("max fraction %g", *r.gate.maxFraction));
    if (r.gate.maxPixels) add(format("max pixels %lld", static_cast<long long>(*r.gate.maxPixels)));
    if (r.gate.maxDelta) add(format("max delta %d", *r.gate.maxDelta));
    if (r.gate.maxMeanError) add(format("max mean error %g", *r.gate.maxMeanError));
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
                        metricsText(region.metrics));
    }
    return lines;
}

}  // namespace refrast
