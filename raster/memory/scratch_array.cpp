// SPDX-License-Identifier: MIT
#include "raster/memory/scratch_array.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace refrast {

void prefaultPages(void* data, size_t bytes) {
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
    constexpr uintptr_t kPage = 4096, kWorthIt = uintptr_t(1) << 20;  // small buffers fault in a few pages
    if (bytes < kWorthIt) return;
    const uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + kPage - 1) & ~(kPage - 1);
    const uintptr_t end = (reinterpret_cast<uintptr_t>(data) + bytes) & ~(kPage - 1);
    if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_POPULATE_WRITE);  // advice only: errors ignored
#else
    (void)data, (void)bytes;
#endif
}

}  // namespace refrast
