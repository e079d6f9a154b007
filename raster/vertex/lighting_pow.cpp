// SPDX-License-Identifier: MIT
#include "raster/vertex/lighting_pow.h"

#include "raster/math/log2_fixed.h"
#include "raster/pixel/det_math.h"

namespace refrast {

namespace {
constexpr int kLogFractionBits = 24;
// ln 2 / 2^24: one fixed-point log2 step in natural-log units.
constexpr double kLn2PerStep = 0.693147180559945309417232121458 / double(1 << kLogFractionBits);
}  // namespace

float lightingPow(float x, float p) {
    if (p == 0.0f) return 1.0f;
    if (!(x > 0.0f)) return 0.0f;
    const double log2Steps = double(log2Fixed(double(x), kLogFractionBits));
    return detExp(float(double(p) * log2Steps * kLn2PerStep));
}

}  // namespace refrast
