// SPDX-License-Identifier: MIT
// Which compiled width of the lane kernels runs: chosen once per process from
// CPUID (defaultSimdLevel), or forced (--simd) for tests.
// Every level gives the same bits; only the speed differs.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace refrast {

enum class SimdLevel : uint8_t { Scalar, Sse, Avx2, Avx512 };

// "scalar", "sse", "avx2", "avx512".
const char* simdLevelName(SimdLevel level);
std::optional<SimdLevel> parseSimdLevel(std::string_view name);

// The CPU runs the level's instructions (SSE4.1, AVX2, AVX-512F; the OS saves
// their registers). Scalar always.
bool cpuSupports(SimdLevel level);

// The widest level the CPU supports.
SimdLevel bestSimdLevel();

// The level kernels run at unless forced: SSE where the CPU has it, else
// scalar. A pixel span is one 2x2 quad, so 4 lanes are all the kernels
// fill; at 8 or 16 lanes the empty ones still compute and gather (measured
// with the sampler alone over lanes: AVX2 and AVX-512 slower than SSE on W1,
// docs/architecture.md).
SimdLevel defaultSimdLevel();

// The level kernels run at: defaultSimdLevel() until setSimdLevel; the
// caller checks cpuSupports first.
SimdLevel simdLevel();
void setSimdLevel(SimdLevel level);

}  // namespace refrast
