// SPDX-License-Identifier: MIT
#include "raster/memory/page_advice.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace refrast {

void advisePages(const void* data, size_t bytes, size_t alignment, PageAdvice advice) {
#if defined(__linux__)
    int flag = -1;
#if defined(MADV_HUGEPAGE)
    if (advice == PageAdvice::HugePages) flag = MADV_HUGEPAGE;
#endif
#if defined(MADV_POPULATE_WRITE)
    if (advice == PageAdvice::PopulateWrite) flag = MADV_POPULATE_WRITE;
#endif
    const uintptr_t mask = uintptr_t(alignment) - 1;
    const uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + mask) & ~mask;
    const uintptr_t end = (reinterpret_cast<uintptr_t>(data) + bytes) & ~mask;
    if (flag >= 0 && end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, flag);
#else
    (void)data, (void)bytes, (void)alignment, (void)advice;
#endif
}

}  // namespace refrast
