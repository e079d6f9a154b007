// SPDX-License-Identifier: MIT
#include "raster/lanes/simd_level.h"

namespace refrast {

namespace {

constexpr const char* kNames[] = {"scalar", "sse", "avx2", "avx512"};

}  // namespace

namespace detail {

std::atomic<int> chosenSimdLevel{kSimdLevelUnset};

int resolveSimdLevel() {
    int unset = kSimdLevelUnset;
    chosenSimdLevel.compare_exchange_strong(unset, int(defaultSimdLevel()), std::memory_order_relaxed);
    return chosenSimdLevel.load(std::memory_order_relaxed);
}

}  // namespace detail

const char* simdLevelName(SimdLevel level) { return kNames[int(level)]; }

std::optional<SimdLevel> parseSimdLevel(std::string_view name) {
    for (int i = 0; i < 4; ++i)
        if (name == kNames[i]) return SimdLevel(i);
    return std::nullopt;
}

bool cpuSupports(SimdLevel level) {
    // libgcc's (and compiler-rt's) CPUID reading also checks XGETBV, so AVX
    // and AVX-512 count only when the OS saves their registers.
    switch (level) {
        case SimdLevel::Scalar: return true;
        case SimdLevel::Sse: return __builtin_cpu_supports("sse4.1");
        case SimdLevel::Avx2: return __builtin_cpu_supports("avx2");
        case SimdLevel::Avx512: return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq");
    }
    return false;
}

SimdLevel bestSimdLevel() {
    for (SimdLevel l : {SimdLevel::Avx512, SimdLevel::Avx2, SimdLevel::Sse})
        if (cpuSupports(l)) return l;
    return SimdLevel::Scalar;
}

SimdLevel defaultSimdLevel() { return bestSimdLevel(); }

void setSimdLevel(SimdLevel level) { detail::chosenSimdLevel.store(int(level), std::memory_order_relaxed); }

}  // namespace refrast
