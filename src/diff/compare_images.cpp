// SPDX-License-Identifier: MIT
// compareImages: the identical-bytes fast path, the whole-image and per-region
// tallies, the gate and the port-bug hint.
#include "refrast/diff.h"

#include "src/diff/pixel_tally.h"
#include "src/diff/port_hints.h"
#include "src/diff/size_text.h"

#include <stdexcept>

namespace refrast {

namespace {

void checkInputs(const Image& a, const Image& b, const DiffOptions& options) {
    if (a.width != b.width || a.height != b.height)
        throw std::invalid_argument("compareImages: sizes differ: " + sizeText(a) + " and " + sizeText(b));
    if (options.mask && (options.mask->width != a.width || options.mask->height != a.height))
        throw std::invalid_argument("compareImages: mask is " + sizeText(*options.mask) + ", images are " + sizeText(a));
    if (options.tolerance < 0 || options.tolerance > 255 || options.positionDeviation < 0)
        throw std::invalid_argument("compareImages: tolerance outside 0..255 or negative position deviation");
    for (const DiffRegion& r : options.regions)
        if (r.rect.left < 0 || r.rect.top < 0 || r.rect.right > a.width || r.rect.bottom > a.height ||
            r.rect.width() <= 0 || r.rect.height() <= 0)
            throw std::invalid_argument("compareImages: region " + r.name + " does not fit the " + sizeText(a) + " image");
}

bool gatePasses(const DiffGate& gate, const DiffMetrics& m) {
    if (gate.exact()) return m.differingPixels == 0;
    return (!gate.maxFraction || m.differingFraction <= *gate.maxFraction) &&
           (!gate.maxPixels || m.differingPixels <= *gate.maxPixels) &&
           (!gate.maxDelta || m.maxDeltaAnyChannel() <= *gate.maxDelta) &&
           (!gate.maxMeanError || m.meanAbsErrorRgb <= *gate.maxMeanError);
}

DiffResult emptyResult(const Image& a, const DiffOptions& options) {
    DiffResult r;
    r.width = a.width, r.height = a.height;
    r.tolerance = options.tolerance;
    r.positionDeviation = options.positionDeviation;
    r.ignoreAlpha = options.ignoreAlpha;
    r.masked = options.mask != nullptr;
    r.gate = options.gate;
    return r;
}

}  // namespace

DiffResult compareImages(const Image& a, const Image& b, const DiffOptions& options) {
    checkInputs(a, b, options);
    DiffResult r = emptyResult(a, options);
    if (options.keepPixelClasses) r.pixelClasses.resize(size_t(a.width) * size_t(a.height));
    // Identical bytes (the usual case in CI) need no per-pixel work beyond the mask.
    const bool identical = a.rgba == b.rgba;
    const auto tally = [&](PixelRect rect, PixelClass* classes) {
        return identical ? diff::tallyIdentical(options, rect, a.width, classes)
                         : diff::tallyRect(a, b, options, rect, classes);
    };
    PixelClass* classes = r.pixelClasses.empty() ? nullptr : r.pixelClasses.data();
    r.metrics = diff::metricsFromTally(tally({0, 0, a.width, a.height}, classes), options.ignoreAlpha);
    r.pass = gatePasses(options.gate, r.metrics);
    for (const DiffRegion& region : options.regions) {
        RegionMetrics m{region, diff::metricsFromTally(tally(region.rect, nullptr), options.ignoreAlpha)};
        m.pass = !region.gate || gatePasses(*region.gate, m.metrics);
        r.pass = r.pass && m.pass;
        r.regions.push_back(std::move(m));
    }
    if (!r.pass && options.hints)  // without position deviation the tally already holds the plain count
        r.hintDetail = diff::findPortBugHint(a, b, options, options.positionDeviation == 0 ? r.metrics.differingPixels : -1);
    r.hint = r.hintDetail.text;
    return r;
}

}  // namespace refrast
