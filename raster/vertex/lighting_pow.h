// SPDX-License-Identifier: MIT
// x^p for the lighting maths (the specular Power, the spot Falloff), with
// refrast's own deterministic log and exp instead of libm's pow.
// Spec: docs/fixed-function.md §16.5, rule R-17.
#pragma once

namespace refrast {

// p = 0 gives 1 (pow's convention); x ≤ 0 (or NaN) gives 0; otherwise
//     x^p = detExp(p · ln x),  ln x = log2Fixed(x, 24) / 2^24 · ln 2,
// the product p · ln x formed in double and rounded once to float. The
// truncated log2 is within 2^-24 of the true one, so the relative error is
// about p · 2^-24 + 2 ulp: deterministic on every machine, close to libm.
// (The formula lives once, over lanes, in raster/vertex/vertex_lighting.inl;
// this is its width 1.)
float lightingPow(float x, float p);

constexpr int kLightingLogFractionBits = 24;
// ln 2 / 2^24: one fixed-point log2 step in natural-log units.
constexpr double kLn2PerLogStep = 0.693147180559945309417232121458 / double(1 << kLightingLogFractionBits);

}  // namespace refrast
