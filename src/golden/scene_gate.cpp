// SPDX-License-Identifier: MIT
// Scene gate -> diff options.
#include "src/golden/scene_gate.h"

#include "formats/raw_image.h"
#include "refrast/error.h"

namespace refrast::golden {

DiffOptions diffOptionsFor(const GateSpec& gate) {
    DiffOptions o;
    o.tolerance = gate.tolerance;
    o.positionDeviation = gate.positionDeviation;
    if (gate.maxFraction >= 0) o.gate.maxFraction = gate.maxFraction;  // < 0: not set
    if (gate.maxPixels >= 0) o.gate.maxPixels = gate.maxPixels;
    if (gate.maxDelta >= 0) o.gate.maxDelta = gate.maxDelta;
    if (gate.maxMeanError >= 0) o.gate.maxMeanError = gate.maxMeanError;
    o.ignoreAlpha = gate.ignoreAlpha;
    for (const GateRegion& r : gate.regions) {
        DiffGate g;
        if (r.maxFraction >= 0) g.maxFraction = r.maxFraction;
        if (r.maxPixels >= 0) g.maxPixels = r.maxPixels;
        if (r.maxDelta >= 0) g.maxDelta = r.maxDelta;
        if (r.maxMeanError >= 0) g.maxMeanError = r.maxMeanError;
        o.regions.push_back({r.name, {r.left, r.top, r.right, r.bottom}, g});
    }
    return o;
}

Image readGateMask(const GateSpec& gate, int width, int height) {
    if (gate.mask.empty()) return {};
    Image mask = readImageFile(gate.mask, std::nullopt);
    if (mask.width != width || mask.height != height)
        throw InputError(gate.mask, "", "gate mask is " + std::to_string(mask.width) + "x" + std::to_string(mask.height) +
                                            " but the compared images are " + std::to_string(width) + "x" +
                                            std::to_string(height));
    return mask;
}

}  // namespace refrast::golden
