// SPDX-License-Identifier: MIT
// Deterministic sin/cos (rule T-19): Cody–Waite reduction + Taylor kernels.
// Spec: fdlibm e_rem_pio2.c (the constants), Abramowitz & Stegun 4.3.65/4.3.66 (series).
#include "raster/math/trig.h"

#include <cmath>
#include <limits>

namespace refrast {

namespace {

constexpr double kTwoOverPi = 6.36619772367581382433e-01;
constexpr double kPio2Hi = 1.57079632673412561417e+00;  // first 33 bits of π/2
constexpr double kPio2Lo = 6.07710050650619224932e-11;  // π/2 − kPio2Hi

// sin r = r − r³/3! + r⁵/5! − … − r^15/15! + r^17/17!
double sinKernel(double r) {
    const double z = r * r;
    double p = 1.0 / 355687428096000.0;  // 1/17!
    p = p * z - 1.0 / 1307674368000.0;   // 1/15!
    p = p * z + 1.0 / 6227020800.0;      // 1/13!
    p = p * z - 1.0 / 39916800.0;        // 1/11!
    p = p * z + 1.0 / 362880.0;          // 1/9!
    p = p * z - 1.0 / 5040.0;            // 1/7!
    p = p * z + 1.0 / 120.0;             // 1/5!
    p = p * z - 1.0 / 6.0;               // 1/3!
    return r + r * (z * p);
}

// cos r = 1 − r²/2! + r⁴/4! − … + r^16/16! − r^18/18!
double cosKernel(double r) {
    const double z = r * r;
    double p = -1.0 / 6402373705728000.0;  // 1/18!
    p = p * z + 1.0 / 20922789888000.0;    // 1/16!
    p = p * z - 1.0 / 87178291200.0;       // 1/14!
    p = p * z + 1.0 / 479001600.0;         // 1/12!
    p = p * z - 1.0 / 3628800.0;           // 1/10!
    p = p * z + 1.0 / 40320.0;             // 1/8!
    p = p * z - 1.0 / 720.0;               // 1/6!
    p = p * z + 1.0 / 24.0;                // 1/4!
    p = p * z - 0.5;                       // 1/2!
    return 1.0 + z * p;
}

// x = k·π/2 + r, |r| ≤ π/4 (a little more at ties); returns k mod 4.
int reduce(double x, double& r) {
    const double k = std::floor(x * kTwoOverPi + 0.5);
    r = (x - k * kPio2Hi) - k * kPio2Lo;
    return int(std::fmod(k, 4.0) + 4.0) & 3;
}

}  // namespace

float sinFloat(float x) {
    if (!std::isfinite(x)) return std::numeric_limits<float>::quiet_NaN();
    double r = 0.0;
    switch (reduce(double(x), r)) {
        case 0: return float(sinKernel(r));
        case 1: return float(cosKernel(r));
        case 2: return float(-sinKernel(r));
        default: return float(-cosKernel(r));
    }
}

float cosFloat(float x) {
    if (!std::isfinite(x)) return std::numeric_limits<float>::quiet_NaN();
    double r = 0.0;
    switch (reduce(double(x), r)) {
        case 0: return float(cosKernel(r));
        case 1: return float(-sinKernel(r));
        case 2: return float(-cosKernel(r));
        default: return float(sinKernel(r));
    }
}

}  // namespace refrast
