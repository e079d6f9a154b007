// SPDX-License-Identifier: MIT
#include "raster/parallel/parallel.h"

#include "raster/parallel/fp_env.h"

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>

namespace refrast {

void parallelFor(size_t n, int threads, const std::function<void(size_t)>& body) {
    if (n == 0) return;
    if (threads == 1 || n == 1) {
        pinFloatingPointEnvironment();
        for (size_t i = 0; i < n; ++i) body(i);
        return;
    }
    const int workers = threads > 0 ? threads : tbb::info::default_concurrency();
    // More workers than cores is allowed (the determinism tests ask for 8 on
    // 2 cores); TBB caps an arena at the core count unless told otherwise.
    tbb::global_control allow(tbb::global_control::max_allowed_parallelism,
                              size_t(std::max(workers, tbb::info::default_concurrency())));
    tbb::task_arena arena(workers);
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<size_t>(0, n, 1), [&](const tbb::blocked_range<size_t>& r) {
            pinFloatingPointEnvironment();
            for (size_t i = r.begin(); i != r.end(); ++i) body(i);
        });
    });
}

}  // namespace refrast
