// SPDX-License-Identifier: MIT
// `refrast diff A B --depth-format F --raw-size WxH [--depth-tolerance N]`:
// two raw depth readbacks (what `render --depth-out` writes, docs/diff.md
// "Depth files") compared value by value, in depth units: steps of the
// format's integer for UNORM formats, the float's value for float formats.
#pragma once

#include "raster/state/d3d_enums.h"

#include <cstdint>
#include <string>
#include <vector>

namespace refrast::diff {

// "D16", "D24S8", "D32F_LOCKABLE", … (the D3DFMT_ prefix optional); throws UsageError otherwise.
DepthFormat parseDepthFormatName(const std::string& name);

// The depth in depth units of one stored value: the integer for UNORM
// formats, the float for float formats.
struct DepthPlane {
    int width = 0, height = 0;
    DepthFormat format = DepthFormat::D24S8;
    std::vector<double> value;
};

// Decodes a raw depth file: little-endian u16 (16- and 15-bit formats), u32
// (24- and 32-bit UNORM: the value in the low bits) or binary32 per pixel;
// a wrong size, a value above the format's range or a NaN is an InputError.
DepthPlane decodeDepthFile(const std::vector<uint8_t>& bytes, int width, int height, DepthFormat format,
                           const std::string& name);

struct DepthDiffResult {
    int64_t compared = 0, differing = 0;  // differing: |Δ| > tolerance
    double maxDelta = 0, meanDelta = 0;   // |Δ| in depth units
    int maxX = -1, maxY = -1;             // first pixel with the largest |Δ|
};

DepthDiffResult compareDepth(const DepthPlane& a, const DepthPlane& b, double tolerance);

}  // namespace refrast::diff
