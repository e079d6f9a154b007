// SPDX-License-Identifier: MIT
#include "raster/parallel/parallel.h"

#include "raster/parallel/fp_env.h"

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace refrast {

void parallelFor(size_t n, int threads, const std::function<void(size_t)>& body) {
    if (n == 0) return;
    if (threads == 1 || n == 1) {
        pinFloatingPointEnvironment();
        for (size_t i = 0; i < n; ++i) body(i);
        return;
    }
    tbb::task_arena arena(threads > 0 ? threads : tbb::info::default_concurrency());
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<size_t>(0, n, 1), [&](const tbb::blocked_range<size_t>& r) {
            pinFloatingPointEnvironment();
            for (size_t i = r.begin(); i != r.end(); ++i) body(i);
        });
    });
}

}  // namespace refrast
