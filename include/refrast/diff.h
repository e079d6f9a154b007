// SPDX-License-Identifier: MIT
// Comparing two RGBA8 images: the pixel gate behind `refrast diff`, `check`
// and `golden`. docs/diff.md gives every metric's exact formula.
#pragma once

#include "refrast/image.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace refrast {

// A pixel rectangle like a Windows RECT: right and bottom are exclusive.
struct PixelRect {
    int left = 0, top = 0, right = 0, bottom = 0;
    int width() const { return right - left; }
    int height() const { return bottom - top; }
    bool operator==(const PixelRect&) const = default;
};

// Pass/fail thresholds. With none set the gate is exact: any differing pixel fails.
struct DiffGate {
    std::optional<double> maxFraction;   // differing_fraction <= F
    std::optional<int64_t> maxPixels;    // differing_pixels <= N
    std::optional<int> maxDelta;         // every compared channel's max_delta <= N
    std::optional<double> maxMeanError;  // mean_abs_error.rgb <= E
    bool exact() const { return !maxFraction && !maxPixels && !maxDelta && !maxMeanError; }
};

// A named rectangle (in the compared images' coordinates) with its own statistics.
// With a gate of its own the region must also pass it (over its own pixels).
struct DiffRegion {
    std::string name;
    PixelRect rect;
    std::optional<DiffGate> gate;
};

struct DiffOptions {
    int tolerance = 0;          // a pixel differs when a compared channel's |delta| > tolerance (0..255)
    int positionDeviation = 0;  // K >= 1 enables the two-way position-deviation excuse
    bool ignoreAlpha = false;   // compare R, G, B only
    const Image* mask = nullptr;  // same size as the images; black or transparent pixels are not compared
    std::vector<DiffRegion> regions;
    DiffGate gate;
    bool hints = true;              // look for a port-bug transform when the gate fails
    bool keepPixelClasses = false;  // fill DiffResult::pixelClasses (needed by the heat map)
};

// Statistics over the compared pixels of the whole image or of one region.
// Channels are R, G, B, A; alpha's entries stay 0 under ignoreAlpha.
struct DiffMetrics {
    int64_t comparedPixels = 0;
    int64_t differingPixels = 0;
    int64_t excusedPixels = 0;
    double differingFraction = 0.0;  // differing / compared (0 when nothing is compared)
    std::array<int, 4> maxDelta{};
    std::array<double, 4> meanAbsError{};
    double meanAbsErrorRgb = 0.0;
    double rmse = 0.0;
    std::optional<double> psnr;     // absent when rmse is 0 (infinite PSNR)
    std::optional<PixelRect> bbox;  // of the differing pixels

    int maxDeltaAnyChannel() const;
};

// What one pixel turned out to be (the heat map colours them).
enum class PixelClass : uint8_t { Equal, WithinTolerance, Differing, Excused, Masked };

struct RegionMetrics {
    DiffRegion region;
    DiffMetrics metrics;
    bool pass = true;  // the region's own gate held (true when it has none)
};

// The best port-bug transform found for a failing difference (docs/diff.md, "Port-bug hints").
struct PortHint {
    std::string text;  // "images match after swapping R and B"; empty: no hint
    std::string kind;  // "swap_rb", "flip_y", "flip_y_swap_rb", "alpha_only", "shift", "half_pixel_shift", ...
    int dx = 0, dy = 0;           // shifts: B is A moved by (dx, dy) (half-pixel shifts: in half pixels)
    int64_t differingPixels = 0;  // before the transform
    int64_t remainingPixels = 0;  // still differing after it
};

struct DiffResult {
    int width = 0, height = 0;
    DiffMetrics metrics;
    std::vector<RegionMetrics> regions;
    bool pass = true;
    std::string hint;  // a port-bug hint ("images match after swapping R and B"), or empty
    PortHint hintDetail;  // the same hint, structured
    // The settings that produced this result (reports print them).
    int tolerance = 0;
    int positionDeviation = 0;
    bool ignoreAlpha = false;
    bool masked = false;
    DiffGate gate;
    std::vector<PixelClass> pixelClasses;  // row-major, filled when options.keepPixelClasses
};

// Compares a (the reference) with b. Both images, and the mask, must have the
// same size (std::invalid_argument otherwise; the CLI reports it as bad input).
DiffResult compareImages(const Image& a, const Image& b, const DiffOptions& options);

// "differing fraction 2.3082e-05 (13 of 563200 pixels), max delta 12, mean abs
// RGB error 0.0131: PASS (max fraction 0.001)".
std::string diffSummaryLine(const DiffResult& result);
// One line per region: "region NAME [L,T,R,B]: differing fraction ...".
std::vector<std::string> diffRegionLines(const DiffResult& result);

// Where the compared images came from, for the JSON report.
struct DiffInputs {
    std::string a, b, mask;  // file names; mask empty when none
    std::optional<PixelRect> cropA, cropB;
};
// The stable JSON report (schema "refrast-diff/1", docs/diff.md), newline-terminated.
std::string diffReportJson(const DiffResult& result, const DiffInputs& inputs);

// A dimmed grey copy of a with every differing pixel coloured by its |delta|
// (needs result.pixelClasses).
Image diffHeatMap(const Image& a, const Image& b, const DiffResult& result);

struct SideBySideOptions {
    int zoom = 1;             // nearest-neighbour enlargement, 1..16
    bool cropToDiff = false;  // show only the differing pixels' bbox plus a margin
    // Added to the coordinates in the captions: the images are a crop of a
    // larger frame whose top-left corner is at (originX, originY).
    int originX = 0, originY = 0;
};
// a | b | heat map in one image, under a caption band naming each panel
// (A, B, DIFF) with the rectangle [left,top,right,bottom] it shows when that
// fits (needs result.pixelClasses).
Image sideBySide(const Image& a, const Image& b, const DiffResult& result, const SideBySideOptions& options);

}  // namespace refrast
