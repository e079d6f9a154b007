// SPDX-License-Identifier: MIT
#include "raster/parallel/fp_env.h"

#include <cfenv>
#if defined(__SSE__) || defined(__x86_64__)
#include <xmmintrin.h>
#endif

namespace refrast {

void pinFloatingPointEnvironment() {
    std::fesetround(FE_TONEAREST);
#if defined(__SSE__) || defined(__x86_64__)
    // MXCSR bit 15 = FTZ, bit 6 = DAZ: both off.
    _mm_setcsr(_mm_getcsr() & ~(0x8000u | 0x0040u));
#endif
}

}  // namespace refrast
