// SPDX-License-Identifier: MIT
// The pipeline's only door to threads (TBB lives in parallel.cpp alone).
// Work is split by index; each index writes only its own outputs, so the
// thread count cannot change a result (HOUSE-STYLE 4.3.6).
#pragma once

#include <cstddef>
#include <functional>

namespace refrast {

// Runs body(i) for i in [0, n) on up to `threads` workers (0: all cores),
// each worker with the pinned floating-point environment of fp_env.h.
void parallelFor(size_t n, int threads, const std::function<void(size_t)>& body);

}  // namespace refrast
