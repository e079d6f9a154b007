// SPDX-License-Identifier: MIT
#include "raster/memory/scratch_array.h"

#include "raster/memory/page_advice.h"

namespace refrast {

void prefaultPages(void* data, size_t bytes) {
    constexpr size_t kWorthIt = size_t(1) << 20;  // small buffers fault in a few pages
    if (bytes >= kWorthIt) advisePages(data, bytes, 4096, PageAdvice::PopulateWrite);
}

}  // namespace refrast
