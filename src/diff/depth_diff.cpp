// SPDX-License-Identifier: MIT
#include "src/diff/depth_diff.h"

#include "formats/d3d/d3d_constants.h"
#include "refrast/error.h"

#include <cmath>
#include <cstring>

namespace refrast::diff {

DepthFormat parseDepthFormatName(const std::string& name) {
    const std::string full = name.rfind("D3DFMT_", 0) == 0 ? name : "D3DFMT_" + name;
    const std::optional<int64_t> v = d3d::valueOf("D3DFORMAT", full == "D3DFMT_D32F" ? "D3DFMT_D32F_LOCKABLE" : full);
    static const DepthFormat kDepth[] = {DepthFormat::D16Lockable, DepthFormat::D32,  DepthFormat::D15S1,
                                         DepthFormat::D24S8,       DepthFormat::D24X8, DepthFormat::D24X4S4,
                                         DepthFormat::D16,         DepthFormat::D32F, DepthFormat::D24FS8};
    if (v)
        for (DepthFormat f : kDepth)
            if (int64_t(f) == *v) return f;
    throw UsageError("--depth-format: \"" + name +
                     "\" is not a depth format (expected D16, D16_LOCKABLE, D15S1, D24S8, D24X8, D24X4S4, D32, D32F, D24FS8)");
}

DepthPlane decodeDepthFile(const std::vector<uint8_t>& bytes, int width, int height, DepthFormat format,
                           const std::string& name) {
    const int bits = depthBits(format);
    const size_t per = bits > 0 && bits <= 16 ? 2 : 4;  // as encodeDepthRaw writes it
    const size_t n = size_t(width) * size_t(height);
    if (bytes.size() != n * per)
        throw InputError(name, "", "holds " + std::to_string(bytes.size()) + " bytes; a " + std::to_string(width) + "x" +
                                       std::to_string(height) + " depth file of this format holds " +
                                       std::to_string(n * per) + " (" + std::to_string(per) + " per pixel)");
    DepthPlane p{width, height, format, std::vector<double>(n)};
    const uint64_t maxValue = bits > 0 ? (uint64_t(1) << bits) - 1 : 0;
    for (size_t i = 0; i < n; ++i) {
        const uint8_t* q = &bytes[i * per];
        const uint32_t raw = per == 2 ? uint32_t(q[0] | q[1] << 8) : uint32_t(q[0] | q[1] << 8 | q[2] << 16) | uint32_t(q[3]) << 24;
        if (bits > 0) {
            if (raw > maxValue)
                throw InputError::atOffset(name, i * per, "depth " + std::to_string(raw) + " exceeds the " +
                                                              std::to_string(bits) + "-bit range");
            p.value[i] = double(raw);
        } else {
            float f;
            std::memcpy(&f, &raw, 4);
            if (std::isnan(f)) throw InputError::atOffset(name, i * per, "depth is NaN");
            p.value[i] = double(f);
        }
    }
    return p;
}

DepthDiffResult compareDepth(const DepthPlane& a, const DepthPlane& b, double tolerance) {
    DepthDiffResult r;
    double sum = 0;
    for (size_t i = 0; i < a.value.size(); ++i) {
        const double d = std::fabs(a.value[i] - b.value[i]);
        ++r.compared;
        sum += d;
        if (d > tolerance) ++r.differing;
        if (d > r.maxDelta) {
            r.maxDelta = d;
            r.maxX = int(i % size_t(a.width));
            r.maxY = int(i / size_t(a.width));
        }
    }
    r.meanDelta = r.compared ? sum / double(r.compared) : 0.0;
    return r;
}

}  // namespace refrast::diff
