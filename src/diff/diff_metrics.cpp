// SPDX-License-Identifier: MIT
// The reported metrics, computed from a tally's exact integer sums
// (formulas in docs/diff.md, "Metrics").
#include "src/diff/pixel_tally.h"

#include <algorithm>
#include <cmath>

namespace refrast::diff {

namespace {

// Natural logarithm without libm, so a report's PSNR cannot change with the C
// library: x = m * 2^e with m in [sqrt(1/2), sqrt(2)), then
// ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716, summed as the
// series s + s^3/3 + s^5/5 + ... (22 terms: the next is below 1e-34).
// Source: Abramowitz & Stegun 4.1.27.
double lnDeterministic(double x) {
    constexpr double kLn2 = 0.69314718055994530942;
    int e = 0;
    double m = std::frexp(x, &e);  // exact: x = m * 2^e, m in [0.5, 1)
    if (m < 0.70710678118654752440) m *= 2.0, --e;
    const double s = (m - 1.0) / (m + 1.0), s2 = s * s;
    double term = s, sum = 0.0;
    for (int k = 0; k < 22; ++k, term *= s2) sum += term / double(2 * k + 1);
    return 2.0 * sum + double(e) * kLn2;
}

double log10Deterministic(double x) {
    constexpr double kLn10 = 2.30258509299404568402;
    return lnDeterministic(x) / kLn10;
}

std::optional<PixelRect> bboxOf(const DiffTally& t) {
    if (t.maxX < 0) return std::nullopt;
    return PixelRect{t.minX, t.minY, t.maxX + 1, t.maxY + 1};
}

}  // namespace

DiffMetrics metricsFromTally(const DiffTally& t, bool ignoreAlpha) {
    DiffMetrics m;
    m.comparedPixels = t.compared, m.differingPixels = t.differing, m.excusedPixels = t.excused;
    m.maxDelta = t.maxDelta;
    m.bbox = bboxOf(t);
    if (t.compared == 0) return m;
    const double n = double(t.compared);
    m.differingFraction = double(t.differing) / n;
    for (int c = 0; c < 4; ++c) m.meanAbsError[c] = double(t.sumAbs[c]) / n;
    m.meanAbsErrorRgb = double(t.sumAbs[0] + t.sumAbs[1] + t.sumAbs[2]) / (3.0 * n);
    const int channels = ignoreAlpha ? 3 : 4;
    uint64_t sumSq = 0;
    for (int c = 0; c < channels; ++c) sumSq += t.sumSq[c];
    const double mse = double(sumSq) / (double(channels) * n);
    m.rmse = std::sqrt(mse);  // IEEE-754 sqrt is correctly rounded everywhere
    if (sumSq > 0) m.psnr = 10.0 * log10Deterministic(255.0 * 255.0 / mse);
    return m;
}

}  // namespace refrast::diff

namespace refrast {

int DiffMetrics::maxDeltaAnyChannel() const { return *std::max_element(maxDelta.begin(), maxDelta.end()); }

}  // namespace refrast
