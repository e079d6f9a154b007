// SPDX-License-Identifier: MIT
// Widening of short colour channels to 8 bits by bit replication (rule T-2).
// Spec: legacy-behaviours §4.1 ("5 bits abcde → abcdeabc, not a shift"); the
// same rule as D3D10 "Data Conversion Rules" UNORM → UNORM widening.
#pragma once

#include <cstdint>

namespace refrast {

inline uint8_t widen4(uint32_t v) { return uint8_t((v << 4) | v); }         // abcd → abcdabcd
inline uint8_t widen5(uint32_t v) { return uint8_t((v << 3) | (v >> 2)); }  // abcde → abcdeabc
inline uint8_t widen6(uint32_t v) { return uint8_t((v << 2) | (v >> 4)); }  // abcdef → abcdefab
inline uint8_t widen1(uint32_t v) { return v ? 0xFF : 0x00; }

}  // namespace refrast
