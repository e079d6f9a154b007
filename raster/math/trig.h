// SPDX-License-Identifier: MIT
// Deterministic float32 sine and cosine (no libm), for generated data that
// must be bit-exact on every machine (the Du/Dv water map; usable for any
// per-scene constant). Spec: docs/textures.md rule T-19.
#pragma once

namespace refrast {

// sin(x) and cos(x) of a float argument, evaluated in double and rounded once
// to float: Cody–Waite reduction by π/2 with fdlibm's two-part constant
// (pio2_1 = the first 33 bits of π/2, pio2_1t = the rest), then the Taylor
// series to r^17 (sin) / r^18 (cos) on |r| ≤ π/4 by Horner's rule in r².
// The double result is within a few ulp (2^-50 relative) of the true value, so
// the float is the correctly rounded one unless the true value lies within
// ~2^-50 of a float rounding boundary (tested: every argument of the Du/Dv
// maps of sizes 32 and 128 agrees with glibc's correctly rounded result).
// Accurate for |x| < 2^19; beyond, still deterministic but less accurate.
// A NaN or infinite argument gives NaN.
float sinFloat(float x);
float cosFloat(float x);

}  // namespace refrast
