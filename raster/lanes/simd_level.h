// SPDX-License-Identifier: MIT
// Which compiled width of the lane kernels runs: chosen once per process from
// CPUID (defaultSimdLevel), or forced (--simd) for tests.
// Every level gives the same bits; only the speed differs.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string_view>

namespace refrast {

enum class SimdLevel : uint8_t { Scalar, Sse, Avx2, Avx512 };

// "scalar", "sse", "avx2", "avx512".
const char* simdLevelName(SimdLevel level);
std::optional<SimdLevel> parseSimdLevel(std::string_view name);

// The CPU runs the level's instructions (SSE4.1, AVX2, AVX-512F with DQ; the OS saves
// their registers). Scalar always.
bool cpuSupports(SimdLevel level);

// The widest level the CPU supports.
SimdLevel bestSimdLevel();

// The level kernels run at unless forced: the widest the CPU supports
// (bestSimdLevel). Spans hold up to four 2x2 quads (raster/lanes/span.h), so
// 16 lanes fill; the W1 and W2 crops ran fastest at AVX-512, then AVX2, then
// SSE (docs/architecture.md "Lanes and SIMD levels").
SimdLevel defaultSimdLevel();

namespace detail {
// The chosen level, kSimdLevelUnset until first read or set. A constant-
// initialised global read inline: every span asks for its level (several
// times per span), and an out-of-line call guarding a function-local static
// cost about 8 instructions per fragment on the W1 crop.
inline constexpr int kSimdLevelUnset = -1;
extern std::atomic<int> chosenSimdLevel;
int resolveSimdLevel();  // sets defaultSimdLevel() if still unset
}  // namespace detail

// The level kernels run at: defaultSimdLevel() until setSimdLevel; the
// caller checks cpuSupports first.
inline SimdLevel simdLevel() {
    const int level = detail::chosenSimdLevel.load(std::memory_order_relaxed);
    return SimdLevel(level != detail::kSimdLevelUnset ? level : detail::resolveSimdLevel());
}
void setSimdLevel(SimdLevel level);

// The level a span kernel over `lanes` lanes runs at: the narrowest level no
// wider than simdLevel() whose float lanes hold them (SSE 4, AVX2 8,
// AVX-512 16). A one-quad span (most spans of small triangles) then runs one
// group of 4 lanes instead of 16 lanes of which 12 are ignored. Every level
// gives the same bits, so this changes only the speed; scalar stays scalar.
inline SimdLevel spanSimdLevel(int lanes) {
    const SimdLevel level = simdLevel();
    if (level > SimdLevel::Sse && lanes <= 4) return SimdLevel::Sse;
    if (level > SimdLevel::Avx2 && lanes <= 8) return SimdLevel::Avx2;
    return level;
}

}  // namespace refrast
