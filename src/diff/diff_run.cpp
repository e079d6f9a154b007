// SPDX-License-Identifier: MIT
// One CLI diff run: crop, mask, regions, compare, report, output files.
#include "src/diff/diff_cli_options.h"

#include "refrast/error.h"
#include "src/diff/draw_attribution.h"
#include "src/diff/size_text.h"

#include <chrono>
#include <cstdio>
#include <iostream>

namespace refrast::diff {

namespace {

std::string rectText(const PixelRect& r) {
    return "[" + std::to_string(r.left) + "," + std::to_string(r.top) + "," + std::to_string(r.right) + "," +
           std::to_string(r.bottom) + "]";
}

// Applies the crop (if any) and records it for the report.
Image cropped(NamedImage& in, const std::string& text, const std::string& flag, std::optional<PixelRect>& applied) {
    if (text.empty()) return std::move(in.image);
    const PixelRect r = parseRect(text, flag);
    if (r.right > in.image.width || r.bottom > in.image.height)
        throw InputError(in.name, "", flag + " " + rectText(r) + " does not fit the " + sizeText(in.image) + " image");
    Image out(r.width(), r.height());
    for (int y = 0; y < r.height(); ++y)
        std::copy_n(in.image.pixel(r.left, r.top + y), size_t(r.width()) * 4, out.pixel(0, y));
    applied = r;
    return out;
}

std::vector<DiffRegion> parseRegions(const std::vector<std::string>& texts, const Image& compared) {
    std::vector<DiffRegion> regions;
    for (const std::string& text : texts) {
        const size_t eq = text.find('=');
        if (eq == std::string::npos || eq == 0) throw UsageError("--region \"" + text + "\" is not NAME=L,T,R,B");
        const DiffRegion region{text.substr(0, eq),
                                parseRect(text.substr(eq + 1), "--region " + text.substr(0, eq)), std::nullopt};
        if (region.rect.right > compared.width || region.rect.bottom > compared.height)
            throw UsageError("--region " + region.name + " " + rectText(region.rect) + " does not fit the compared " +
                             sizeText(compared) + " area");
        regions.push_back(region);
    }
    return regions;
}

Image readMask(const DiffCliOptions& o, const Image& compared) {
    Image mask = readImageFile(o.mask, rawLayoutOf(o));
    if (mask.width != compared.width || mask.height != compared.height)
        throw InputError(o.mask, "", "mask is " + sizeText(mask) + " but the compared images are " + sizeText(compared));
    return mask;
}

// How many draws the text lists (the JSON report has them all).
constexpr size_t kDrawsInText = 10;

void printReport(const DiffResult& r, const DrawAttribution& blame) {
    std::cout << diffSummaryLine(r) << "\n";
    for (const std::string& line : diffRegionLines(r)) std::cout << line << "\n";
    if (!r.hint.empty()) std::cout << "hint: " << r.hint << "\n";
    const std::vector<DrawBlame>& blames = blame.draws;
    if (blames.empty()) return;
    std::cout << drawBlameHeading() << "\n";
    for (size_t i = 0; i < blames.size() && i < kDrawsInText; ++i) std::cout << "  " << drawBlameLine(blames[i]) << "\n";
    if (blames.size() > kDrawsInText) std::cout << "  ... and " << blames.size() - kDrawsInText << " more draws\n";
    if (blame.touchOverflow > 0) std::cout << "  (" << touchOverflowNote(blame.touchOverflow) << ")\n";
}

void writeOutputs(const Image& a, const Image& b, const DiffResult& r, const DiffInputs& inputs,
                  const DiffCliOptions& o, const DrawAttribution& blame, bool attributed) {
    if (!o.json.empty()) {
        nlohmann::ordered_json j = nlohmann::ordered_json::parse(diffReportJson(r, inputs));
        if (attributed) {  // later keys of refrast-diff/1
            j["draws"] = drawBlameJson(blame.draws);
            j["touch_overflow_pixels"] = blame.touchOverflow;
        }
        const std::string text = j.dump(2) + "\n";
        writeFileAtomic(o.json, std::vector<uint8_t>(text.begin(), text.end()));
    }
    if (!o.diffImage.empty()) writePng(o.diffImage, diffHeatMap(a, b, r));
    if (!o.sideBySide.empty()) writePng(o.sideBySide, sideBySide(a, b, r, o.sideBySideOptions));
}

double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int runDiffGate(NamedImage a, NamedImage b, const DiffCliOptions& o, double decodeMs, const DrawPlanes* draws) {
    const int fullWidthA = a.image.width;
    DiffInputs inputs{a.name, b.name, o.mask, std::nullopt, std::nullopt};
    const Image ia = cropped(a, o.crop.empty() ? o.cropA : o.crop, o.crop.empty() ? "--crop-a" : "--crop", inputs.cropA);
    const Image ib = cropped(b, o.crop.empty() ? o.cropB : o.crop, o.crop.empty() ? "--crop-b" : "--crop", inputs.cropB);
    if (ia.width != ib.width || ia.height != ib.height)
        throw InputError(b.name, "", "size mismatch: " + a.name + " is " + sizeText(ia) + ", " + b.name + " is " +
                                         sizeText(ib) + (inputs.cropA || inputs.cropB ? " after cropping" : ""));
    DiffOptions options = o.compare;
    options.regions = parseRegions(o.regions, ia);
    options.hints = !o.noHints;
    options.keepPixelClasses = !o.diffImage.empty() || !o.sideBySide.empty() || draws;
    Image mask;
    if (!o.mask.empty()) mask = readMask(o, ia), options.mask = &mask;

    const auto start = std::chrono::steady_clock::now();
    const DiffResult r = compareImages(ia, ib, options);
    const double compareMs = msSince(start);
    DrawAttribution blame;
    if (draws && r.metrics.differingPixels > 0) {
        const DrawPlanes croppedPlanes = inputs.cropA ? draws->cropped(fullWidthA, *inputs.cropA) : DrawPlanes{};
        blame = attributeToDraws(ia, ib, r, inputs.cropA ? croppedPlanes : *draws);
    }
    printReport(r, blame);
    writeOutputs(ia, ib, r, inputs, o, blame, draws != nullptr);
    if (o.timings) std::fprintf(stderr, "refrast: timings: decode %.1f ms, compare %.1f ms\n", decodeMs, compareMs);
    return r.pass ? 0 : 1;
}

}  // namespace refrast::diff
